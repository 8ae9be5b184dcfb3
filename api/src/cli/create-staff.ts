// `npm run create-staff -- --name 王社長 --stuid B12345678 --mobile 0911222333 --email head@example.com
//   --password 'long-secret' [--position 社長] [--sex 1|2]`
// Creates the first staff account: registers the person, records their member fee for this semester as
// cash the operator took in (staff powers need membership), puts them on the staff roster and grants every
// management authority. Run it again with the same values: it changes nothing.
import { parseArgs } from 'node:util';
import { authorityKeys } from '@club/core/access/authorities';
import { findUserByLogin } from '@club/projections';
import { makeStaffByOperator, recordMemberFeeByOperator } from '../bootstrap.ts';
import { cliContext, withServices } from './services.ts';

const { values } = parseArgs({
  options: {
    name: { type: 'string' },
    stuid: { type: 'string' },
    mobile: { type: 'string' },
    email: { type: 'string' },
    password: { type: 'string' },
    position: { type: 'string', default: '社長' },
    sex: { type: 'string', default: '1' },
  },
});
if (!values.name || !values.stuid || !values.mobile || !values.email || !values.password) {
  console.error(
    'usage: npm run create-staff -- --name NAME --stuid STUDENT_ID --mobile 09XXXXXXXX --email EMAIL --password PASSWORD [--position 社長] [--sex 1|2]',
  );
  process.exit(2);
}

/** The first staff member runs the club: every authority but the two that mark exceptions. */
const FOUNDER_AUTHORITIES = authorityKeys.filter((key) => key !== 'allowdebt' && key !== 'errormember');

await withServices(async (services) => {
  const users = services.projections.models.users;
  let pk = findUserByLogin(users, values.mobile!)?.pk;
  if (pk === undefined) {
    const registered = await services.accounts.register(
      {
        identity: 1,
        name: values.name,
        sex: values.sex,
        stuid: values.stuid,
        email: values.email,
        mobile: values.mobile,
        password: values.password,
        password2: values.password,
        ruleagree: true,
      },
      cliContext(services, 'create-staff'),
    );
    if (!registered.ok) {
      console.error(`registration refused: ${registered.reason}`);
      process.exit(1);
    }
    pk = registered.pk;
    await services.projections.waitFor(registered.position);
  }
  await recordMemberFeeByOperator(services, pk);
  await makeStaffByOperator(services, pk, values.position!, FOUNDER_AUTHORITIES);
  console.log(`staff account ready: pk ${pk}, log in with ${values.mobile} (position ${values.position})`);
});
