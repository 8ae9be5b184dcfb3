// `npm run audit -- <stream or user>`: a stream's history in order, with who did what and when. A user
// (pk like 101, or pkstr like U00101) shows every stream of that user.
import type { RecordedEvent } from '@club/core/eventstore/port';
import { openStoreFromEnv } from './open.ts';

const target = process.argv[2];
if (!target) {
  console.error('usage: npm run audit -- <stream name | user pk | pkstr>');
  process.exit(2);
}
const store = openStoreFromEnv();
const userPk = /^U?0*(\d+)$/i.exec(target)?.[1];

let events: RecordedEvent[];
if (userPk) {
  const suffix = `-${userPk}`;
  events = [];
  for (let after = 0; ; ) {
    const page = await store.readAll({ afterPosition: after, maxCount: 5000 });
    events.push(
      ...page.filter(
        (event) =>
          event.stream.endsWith(suffix) || (event.data as { userPk?: number })?.userPk === Number(userPk),
      ),
    );
    if (page.length < 5000) break;
    after = page[page.length - 1]!.position;
  }
} else {
  events = await store.readStream(target);
}

if (events.length === 0) console.log(`no events for ${target}`);
for (const event of events) {
  const { passwordHash: _hidden, ...data } = event.data as Record<string, unknown>;
  const actor = event.metadata.actor ?? 'system';
  console.log(
    `${event.metadata.time}  #${event.position}  ${event.stream}@${event.revision}  by ${actor}  ${event.type}  ${JSON.stringify(data)}`,
  );
}
await store.close();
