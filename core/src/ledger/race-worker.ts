// Test helper run as a child process by multi-process.int.test.ts: one "portal process" that opens the
// SQLite store file directly and sends its transfers all at once. It prints one line per answer as soon
// as it has it (what a client would have been told), so answers given before a crash are known:
//   ready | ack <transferId> | refused <transferId> <reason> | retry <transferId> | conflicts <n>
// Faults: 'kill_after_commit' kills this process inside an append, after its commit and before the
// answer (the debit is stored, the credit never runs); 'ambiguous' loses one acknowledgement and the
// client retries with the same key.
import { instrument } from '../eventstore/faults.ts';
import { EventStoreUnavailableError } from '../eventstore/port.ts';
import { openSqliteEventStore } from '../eventstore/sqlite.ts';
import { accountStream, userAccount } from './accounts.ts';
import { Ledger } from './service.ts';

interface WorkerInput {
  file: string;
  from: number;
  transfers: { transferId: string; to: number; amountCents: number }[];
  fault?: 'kill_after_commit' | 'ambiguous';
}

const input = JSON.parse(process.argv[2]!) as WorkerInput;
const handle = instrument(openSqliteEventStore({ file: input.file }));
// Reads answer a millisecond late, leaving the other processes time to append in between, as a store
// reached over a socket would; without it a loaded machine may run the processes one after the other.
handle.readLatency = true;
handle.readDelayMs = 1;
const ledger = new Ledger(handle.store);
if (input.fault) {
  handle.arm({
    at: 'after_commit',
    // The payer's account: the fault hits a debit, so money is in flight when it fires. The first one:
    // the other processes may spend the whole balance before this one's second debit (decisions on a
    // cached state read nothing, so a fast process can take many turns in a row), and a fault that never
    // fires proves nothing.
    stream: (stream) => stream === accountStream(userAccount(input.from)),
    nth: 1,
    error: () => {
      if (input.fault === 'kill_after_commit') process.kill(process.pid, 'SIGKILL');
      return new EventStoreUnavailableError('the acknowledgement was lost');
    },
  });
}

const send = (transfer: WorkerInput['transfers'][number]) =>
  ledger.transfer({
    now: new Date(),
    actorPk: input.from,
    transferId: transfer.transferId,
    from: input.from,
    to: transfer.to,
    amountCents: transfer.amountCents,
    summary: 'race test',
    allowDebt: false,
  });

// Ready: wait for the go (a line on stdin), sent once every process is ready, so that they overlap
// however long each took to start.
console.log('ready');
await new Promise<void>((resolve) => process.stdin.once('data', () => resolve()));
process.stdin.pause();
await Promise.all(
  input.transfers.map(async (transfer) => {
    let result: Awaited<ReturnType<typeof send>>;
    try {
      result = await send(transfer);
    } catch (error) {
      if (!(error instanceof EventStoreUnavailableError)) throw error;
      // No answer: the client sends the same request again with the same key.
      console.log(`retry ${transfer.transferId}`);
      result = await send(transfer);
    }
    console.log(result.ok ? `ack ${transfer.transferId}` : `refused ${transfer.transferId} ${result.reason}`);
  }),
);
console.log(`conflicts ${handle.conflicts}`);
await handle.store.close();
