// Test helper run as a child process by service.int.test.ts: one "portal process" on the shared SQLite
// file that sends its reservations all at once after the go (a line on stdin). It prints one line per
// answer:  ready | ok <requestId> <reservationId> | refused <requestId> <reason> | conflicts <n>
import { instrument } from '../eventstore/faults.ts';
import { openSqliteEventStore } from '../eventstore/sqlite.ts';
import { Reservations } from './service.ts';
import { raceContext } from './testing.ts';

interface WorkerInput {
  file: string;
  now: string;
  requests: {
    requestId: string;
    userPk: number;
    rooms: string[];
    day: string;
    hourRange: [number, number];
  }[];
}

const input = JSON.parse(process.argv[2]!) as WorkerInput;
const handle = instrument(openSqliteEventStore({ file: input.file }));
// Reads answer a millisecond late, as over a socket, so the processes interleave on a loaded machine.
handle.readLatency = true;
handle.readDelayMs = 1;
const reservations = new Reservations(handle.store);
const now = new Date(input.now);

console.log('ready');
await new Promise<void>((resolve) => process.stdin.once('data', () => resolve()));
process.stdin.pause();
await Promise.all(
  input.requests.map(async (request) => {
    const answer = await reservations.make(
      {
        actor: { pk: request.userPk, isStaff: false },
        staffEntry: false,
        rooms: request.rooms,
        day: request.day,
        hourRange: request.hourRange,
        comment: '',
      },
      raceContext(now, request.requestId, String(request.userPk)),
    );
    console.log(
      answer.ok ? `ok ${request.requestId} ${answer.id}` : `refused ${request.requestId} ${answer.reason}`,
    );
  }),
);
console.log(`conflicts ${handle.conflicts}`);
await handle.store.close();
