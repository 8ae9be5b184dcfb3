// Type tests, checked by `tsc -b` (the web project type-checks against api/src/contracts): a call that
// sends or reads a field its contract does not have, or names another path, does not compile. Each
// expected error below fails the build if the contract ever starts allowing what it marks.
import type * as accounts from '@club/api/contracts/accounts';
import type * as money from '@club/api/contracts/money';
import type { OkOf, ReplyOf } from '@club/api/contracts/shared';
import { describe, expectTypeOf, it } from 'vitest';
import type { TransLogResponse, Transaction } from '../../features/money/api/money';
import type { SessionUser } from '../session/user';
import { endpoint } from './endpoint';

describe('the web types are the contracts', () => {
  it('derives the feature types from the contracts', () => {
    expectTypeOf<TransLogResponse>().toEqualTypeOf<OkOf<typeof money.transLog>>();
    expectTypeOf<Transaction['delta']>().toEqualTypeOf<number>();
    expectTypeOf<SessionUser['settings']['lang']>().toEqualTypeOf<'tw' | 'en' | ''>();
  });

  it('refuses a path, a parameter, a body field or an answer field the contract does not have', () => {
    // @ts-expect-error: the contract's path is /user/trans/log/:page.
    endpoint<typeof money.transLog>('GET', '/user/trans/logs/:page');
    // @ts-expect-error: the contract's method is GET.
    endpoint<typeof money.transLog>('POST', '/user/trans/log/:page');

    const transLog = endpoint<typeof money.transLog>('GET', '/user/trans/log/:page');
    const login = endpoint<typeof accounts.login>('POST', '/user/login');
    // The calls are only type-checked here; they never run.
    const typeOnly = (_call: () => unknown) => undefined;
    // @ts-expect-error: the parameter is `page`.
    typeOnly(() => transLog({ params: { pg: '1' } }));
    // @ts-expect-error: the body has no `remember` field.
    typeOnly(() => login({ body: { user: 'a', password: 'b', remember: true } }));
    // @ts-expect-error: login takes a body.
    typeOnly(() => login({}));

    const reply = {} as ReplyOf<typeof money.transLog>;
    if (reply.status === 'ok') {
      // @ts-expect-error: a log row has no `amount` (it is `delta`).
      typeOnly(() => reply.loglist[0]?.amount);
      typeOnly(() => reply.loglist[0]?.delta);
    } else {
      // @ts-expect-error: a refusal has no rows.
      typeOnly(() => reply.loglist);
      typeOnly(() => reply.reason);
    }
  });
});
