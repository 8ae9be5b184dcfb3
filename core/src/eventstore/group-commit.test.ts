// The group committer's answer to a failed WAL sync, driven with a WAL file that cannot be opened: the
// appends that sync covered fail, every later append fails too (the kernel may have dropped the pages, so a
// later successful sync proves nothing), and readers of the log stay before the first unsynced event.
import { describe, expect, it } from 'vitest';
import { type AppendOutcome, GroupCommitter, type QueuedAppend } from './group-commit.ts';
import type { NewEvent } from './port.ts';

const event: NewEvent = {
  id: '00000000-0000-4000-8000-000000000001',
  type: 'Noted',
  data: {},
  metadata: { actor: null, correlationId: 'c', causationId: null, time: '2026-11-23T00:00:00.000Z' },
};

describe('GroupCommitter after a failed WAL sync', () => {
  it('fails the covered appends and every later one, and holds readers back', async () => {
    let nextPosition = 10;
    const committed: string[] = [];
    const committer = new GroupCommitter({
      commitBatch: (batch: readonly QueuedAppend[]): AppendOutcome[] =>
        batch.map((append) => {
          committed.push(append.stream);
          nextPosition += 1;
          return { ok: true, inserted: true, result: { lastRevision: 0, position: nextPosition } };
        }),
      walFile: '/nonexistent-folder-for-this-test/events.sqlite3-wal',
      onDurable: () => {
        throw new Error('nothing may become durable');
      },
    });
    const append = (stream: string) =>
      new Promise((resolve, reject) => {
        committer.enqueue({ stream, events: [event], expected: 'any', resolve, reject });
      });
    const first = await Promise.allSettled([append('a'), append('b')]);
    expect(first.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    expect(String((first[0] as PromiseRejectedResult).reason)).toMatch(/syncing the WAL failed/);
    expect(committed).toEqual(['a', 'b']);
    expect(committer.firstNotDurablePosition()).toBe(11);

    await expect(append('c')).rejects.toThrow(/syncing the WAL failed/);
    // Refused before committing: nothing more was written.
    expect(committed).toEqual(['a', 'b']);
    await committer.drain();
  });
});
