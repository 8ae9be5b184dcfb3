// `npm run audit -- <user pk | pkstr | stream name> [--at <ISO time>]`: the history of a user's streams (or of one stream)
// in order, with who did what and when; for a user (or an account-… stream) the account's entries with a
// running balance, checked against the ledger read model rebuilt from zero; and the check that every
// balance plus the money in flight adds up to zero. Prints OK, or each mismatch and exits with 1.
// With --at, a user's balance as of that moment is printed too (point-in-time balance from the log).
// Summaries are printed in Chinese, or in English with --lang en.
import { parseArgs } from 'node:util';
import { userAccount } from '@club/core/ledger/accounts';
import { Ledger } from '@club/core/ledger/service';
import { auditReport, formatNtd, userPkOfTarget } from './audit-report.ts';
import { openStoreFromEnv } from './open.ts';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { at: { type: 'string' }, lang: { type: 'string' } },
});
const target = positionals[0];
const at = values.at === undefined ? undefined : new Date(values.at);
const language =
  values.lang === 'en' ? 'en' : values.lang === undefined || values.lang === 'zh' ? 'zh' : null;
if (!target || (at !== undefined && Number.isNaN(at.getTime())) || language === null) {
  console.error(
    'usage: npm run audit -- <user pk | pkstr | stream name> [--at 2026-11-01T12:00:00+08:00] [--lang zh|en]',
  );
  process.exit(2);
}
const store = openStoreFromEnv();
try {
  const report = await auditReport(store, target, { language });
  for (const line of report.lines) console.log(line);
  const pk = userPkOfTarget(target);
  if (at && pk !== null) {
    const balance = await new Ledger(store).balanceAt(userAccount(pk), at);
    console.log(`balance of ${target} at ${at.toISOString()}: ${formatNtd(balance)}`);
  }
  process.exitCode = report.ok ? 0 : 1;
} finally {
  await store.close();
}
