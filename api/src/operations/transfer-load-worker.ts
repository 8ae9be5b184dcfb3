// Test helper run as a child process by operations.int.test.ts: a second process writing money to the
// data folder's log while the backup runs. It pays 1 NTD from PAYER to PAYEE again and again, printing
// `ack <n>` after each acknowledged transfer, until its stdin closes; then it prints `done <n>`.
import { userAccount } from '@club/core/ledger/accounts';
import { Ledger } from '@club/core/ledger/service';
import { openSqliteEventStore } from '@club/core/eventstore/sqlite';

const [file, payer, payee] = process.argv.slice(2) as [string, string, string];
const store = openSqliteEventStore({ file });
const ledger = new Ledger(store);
let stopping = false;
process.stdin.on('end', () => {
  stopping = true;
});
process.stdin.resume();
let acknowledged = 0;
while (!stopping) {
  const result = await ledger.transfer({
    now: new Date(),
    actorPk: Number(payer),
    transferId: `load-${process.pid}-${acknowledged}`,
    from: userAccount(Number(payer)),
    to: userAccount(Number(payee)),
    amountCents: 100,
    summary: 'load during backup',
    allowDebt: false,
  });
  if (!result.ok) throw new Error(`transfer refused: ${result.reason}`);
  acknowledged += 1;
  console.log(`ack ${acknowledged}`);
}
await store.close();
console.log(`done ${acknowledged}`);
