// `npm run audit -- <user pk | pkstr | stream name>`: the history of a user's streams (or of one stream)
// in order, with who did what and when; for a user (or an account-… stream) the account's entries with a
// running balance, checked against the ledger read model rebuilt from zero; and the check that every
// balance plus the money in flight adds up to zero. Prints OK, or each mismatch and exits with 1.
import { auditReport } from './audit-report.ts';
import { openStoreFromEnv } from './open.ts';

const target = process.argv[2];
if (!target) {
  console.error('usage: npm run audit -- <user pk | pkstr | stream name>');
  process.exit(2);
}
const store = openStoreFromEnv();
try {
  const report = await auditReport(store, target);
  for (const line of report.lines) console.log(line);
  process.exitCode = report.ok ? 0 : 1;
} finally {
  await store.close();
}
