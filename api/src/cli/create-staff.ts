// `npm run create-staff -- --name 王社長 --stuid B12345678 --mobile 0911222333 --email head@example.com
//   --password 'long-secret' [--position 社長] [--sex 1|2]`, or `--existing <pk> [--position 社長]`.
// Creates the first staff account: registers the person, records their member fee for this semester as
// cash the operator took in (staff powers need membership), puts them on the staff roster and grants every
// management authority. It refuses (exit 1) when the mobile, student ID or e-mail already belongs to an
// account: making an existing person staff, and booking their fee, takes `--existing <pk>`, said out loud.
// Every booking it makes is printed; nothing is booked silently.
import { authorityKeys } from '@club/core/access/authorities';
import { membershipSummary } from '@club/core/ledger/membership';
import { nextSemester, semesterOf } from '@club/core/semester';
import { findUserByLogin } from '@club/projections';
import { MEMBER_FEE_CENTS, makeStaffByOperator, recordMemberFeeByOperator } from '../bootstrap.ts';
import type { PortalServices } from '../services.ts';
import { CliRefusal, CliUsageError, parseCli, positiveInteger, required, runCli } from './args.ts';
import { formatNtd, printable } from './audit-report.ts';
import { cliContext, withServices } from './services.ts';

const USAGE =
  "npm run create-staff -- --name NAME --stuid STUDENT_ID --mobile 09XXXXXXXX --email EMAIL --password 'PASSWORD' [--position 社長] [--sex 1|2]\n" +
  '   or: npm run create-staff -- --existing PK [--position 社長]';
const { values } = parseCli({
  usage: USAGE,
  help: `
Registers a person and makes them staff with every management authority (the first staff account), or,
with --existing, makes an existing account staff. Either way, a person who has not paid this semester's
member fee gets it booked as cash the operator took in (${formatNtd(MEMBER_FEE_CENTS)} NTD on cash-1), and the tool says so.
  --name, --stuid, --mobile, --email, --password   the new account (password: 8 or more characters)
  --sex 1|2        1 male (default), 2 female
  --position       the staff position shown on the roster (default 社長)
  --existing PK    the pk of an existing account to make staff instead of registering one
Exit 1 when a mobile, student ID or e-mail already belongs to an account (use --existing) or the
registration is refused.`,
  options: {
    name: { type: 'string' },
    stuid: { type: 'string' },
    mobile: { type: 'string' },
    email: { type: 'string' },
    password: { type: 'string' },
    position: { type: 'string' },
    sex: { type: 'string' },
    existing: { type: 'string' },
  },
});

/** The first staff member runs the club: every authority but the two that mark exceptions. */
const FOUNDER_AUTHORITIES = authorityKeys.filter((key) => key !== 'allowdebt' && key !== 'errormember');

/** The pk of the account to make staff: registered now, or the one --existing names. */
async function accountToPromote(services: PortalServices): Promise<number> {
  const users = services.projections.models.users;
  if (values.existing !== undefined) {
    const pk = positiveInteger(values.existing, 'existing');
    const row = users.byPk.get(pk);
    if (!row) throw new CliRefusal(`no account with pk ${pk}`);
    for (const option of ['name', 'stuid', 'mobile', 'email', 'password', 'sex'] as const)
      if (values[option] !== undefined)
        throw new CliUsageError(`--existing takes no --${option}: the account already has one`);
    console.log(`existing account: pk ${pk}, ${row.pkstr} ${printable(row.name)} (${row.mobile})`);
    return pk;
  }
  const name = required(values.name, 'name');
  const stuid = required(values.stuid, 'stuid');
  const mobile = required(values.mobile, 'mobile');
  const email = required(values.email, 'email');
  const password = required(values.password, 'password');
  const sex = values.sex ?? '1';
  if (sex !== '1' && sex !== '2') throw new CliUsageError(`--sex must be 1 or 2, not ${JSON.stringify(sex)}`);
  for (const [label, value] of [
    ['mobile', mobile],
    ['student ID', stuid],
    ['e-mail', email],
  ] as const) {
    const owner = findUserByLogin(users, value);
    if (owner)
      throw new CliRefusal(
        `the ${label} ${value} already belongs to ${owner.pkstr} ${printable(owner.name)} (pk ${owner.pk}); nothing was changed. ` +
          `To make that account staff, run again with --existing ${owner.pk} (this books their member fee if unpaid).`,
      );
  }
  const registered = await services.accounts.register(
    {
      identity: 1,
      name,
      sex,
      stuid,
      email,
      mobile,
      password,
      password2: password,
      ruleagree: true,
    },
    cliContext(services, 'create-staff'),
  );
  if (!registered.ok) throw new CliRefusal(`registration refused: ${registered.reason}`);
  await services.projections.waitFor(registered.position);
  console.log(`registered: pk ${registered.pk}, log in with ${mobile}`);
  return registered.pk;
}

await runCli(USAGE, () =>
  withServices(async (services) => {
    const pk = await accountToPromote(services);
    const position = values.position ?? '社長';
    const semester = semesterOf(services.now());
    const membership = services.projections.models.ledger.memberships.get(pk);
    const paid =
      membership !== undefined &&
      membershipSummary(membership, semester.tag, nextSemester(semester).tag).ismember;
    if (paid) {
      console.log(`member fee ${semester.tag}: already paid, nothing booked`);
    } else {
      await recordMemberFeeByOperator(services, pk);
      console.log(
        `member fee ${semester.tag}: booked ${formatNtd(MEMBER_FEE_CENTS)} NTD as cash the operator took in (account cash-1)`,
      );
    }
    await makeStaffByOperator(services, pk, position, FOUNDER_AUTHORITIES);
    console.log(
      `staff account ready: pk ${pk}, position ${position}, ${FOUNDER_AUTHORITIES.length} authorities`,
    );
    return 0;
  }),
);
