// `npm run audit -- <user | stream> [--at <ISO time>]`: the history of a user's streams (or of one stream)
// in order, with who did what and when; for a user (or an account-… stream) the account's entries with a
// running balance, checked against the ledger read model rebuilt from zero; and the check that every
// balance plus the money in flight adds up to zero. Prints OK, or each mismatch and exits with 1.
// With --at, a user's balance as of that moment is printed too (point-in-time balance from the log).
// A user is named by pk, pkstr (U00101), mobile, student ID or e-mail; a name that finds nobody, or a data
// folder that does not exist, is refused (exit 1) and nothing is created.
import { userAccount } from '@club/core/ledger/accounts';
import { Ledger } from '@club/core/ledger/service';
import { CliUsageError, instant, parseCli, runCli } from './args.ts';
import { auditReport, formatNtd } from './audit-report.ts';
import { openExistingStoreFromEnv } from './open.ts';

const USAGE = 'npm run audit -- <user | stream> [--at 2026-11-01T12:00:00+08:00] [--lang zh|en]';
const { values, positionals } = parseCli({
  usage: USAGE,
  help: `
Prints a user's or a stream's history and checks the ledger (DATA_DIR or EVENTSTORE_URL chooses the store).
  <user>          pk (101), pkstr (U00101), mobile, student ID or e-mail
  <stream>        any stream name, e.g. account-10 or staff-roster-115-1
  --at <time>     also print the user's balance at that moment
  --lang zh|en    the language of system-made summaries (default zh; typed text stays as typed)
Exit 1 when the target names nobody, the data folder does not exist, or any check finds a mismatch.`,
  options: { at: { type: 'string' }, lang: { type: 'string' } },
  positionals: { min: 1, max: 1 },
});

await runCli(USAGE, async () => {
  const target = positionals[0]!;
  const at = values.at === undefined ? undefined : instant(values.at, 'at');
  const language = values.lang === undefined ? 'zh' : values.lang;
  if (language !== 'zh' && language !== 'en') throw new CliUsageError('--lang is zh or en');
  const store = await openExistingStoreFromEnv();
  try {
    const report = await auditReport(store, target, { language });
    if (at !== undefined && report.userPk === null)
      throw new CliUsageError('--at needs a user, not a stream');
    for (const line of report.lines) console.log(line);
    if (at !== undefined && report.userPk !== null) {
      const balance = await new Ledger(store).balanceAt(userAccount(report.userPk), at);
      console.log(`balance of ${report.userPk} at ${at.toISOString()}: ${formatNtd(balance)}`);
    }
    return report.ok ? 0 : 1;
  } finally {
    await store.close();
  }
});
