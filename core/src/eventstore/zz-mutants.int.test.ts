import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventStoreContract } from './contract.ts';
import { type EventStore, WrongExpectedRevisionError } from './port.ts';
import { openSqliteEventStore } from './sqlite.ts';

const mutant = process.env.MUTANT ?? 'none';
function mutate(s: EventStore): EventStore {
  const m: EventStore = {
    kind: s.kind,
    append: (a, e, x) => s.append(a, e, x),
    readStream: (a, o) => s.readStream(a, o),
    readAll: (o) => s.readAll(o),
    subscribeToAll: (h, o) => s.subscribeToAll(h, o),
    headPosition: () => s.headPosition(),
    close: () => s.close(),
  };
  switch (mutant) {
    case 'ignoreFromRevisionBackwards': m.readStream = (a, o) => s.readStream(a, o?.direction === 'backwards' ? { ...o, fromRevision: undefined } : o); break;
    case 'ignoreExpected': m.append = (a, e) => s.append(a, e, 'any'); break;
    case 'checkExpectedFirst': m.append = async (a, e, x) => {
      const [last] = await s.readStream(a, { direction: 'backwards', maxCount: 1 });
      const cur = last ? last.revision : 'no_stream';
      if (typeof x === 'number' && x !== cur) throw new WrongExpectedRevisionError(a, x, cur);
      if (x === 'no_stream' && cur !== 'no_stream') throw new WrongExpectedRevisionError(a, x, cur);
      return s.append(a, e, x);
    }; break;
    case 'onLiveEarly': m.subscribeToAll = (h, o) => { o?.onLive?.(); return s.subscribeToAll(h, { ...o, onLive: undefined }); }; break;
    case 'readAllIgnoresMax': m.readAll = (o) => s.readAll({ ...o, maxCount: undefined }); break;
    case 'headPlusOne': m.headPosition = async () => (await s.headPosition()) + 1; break;
    case 'dropScope': m.readStream = async (a, o) => (await s.readStream(a, o)).map((ev) => ({ ...ev, metadata: { ...ev.metadata, scope: undefined } })); break;
    case 'stopNoop': m.subscribeToAll = (h, o) => { const sub = s.subscribeToAll(h, o); return { stop: async () => { void sub; } }; }; break;
    case 'afterInclusive': m.subscribeToAll = (h, o) => s.subscribeToAll(h, { ...o, afterPosition: o?.afterPosition === undefined ? undefined : o.afterPosition - 1 }); break;
    case 'resultFirstPosition': m.append = async (a, e, x) => { const r = await s.append(a, e, x); return { ...r, position: r.position - (e.length - 1) }; }; break;
    case 'handlerNotAwaited': m.subscribeToAll = (h, o) => s.subscribeToAll((ev) => { void h(ev); }, o); break;
  }
  return m;
}

eventStoreContract(`mutant ${mutant}`, async () => {
  const directory = await mkdtemp(join(tmpdir(), 'club-mutant-'));
  const file = join(directory, 'events.sqlite3');
  let raw = openSqliteEventStore({ file });
  return {
    store: mutate(raw),
    reopen: async () => { raw = openSqliteEventStore({ file }); return mutate(raw); },
    cleanup: async () => { await raw.close(); await rm(directory, { recursive: true, force: true }); },
  };
});
