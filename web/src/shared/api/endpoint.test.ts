import type * as accounts from '@club/api/contracts/accounts';
import type * as home from '@club/api/contracts/home';
import type * as money from '@club/api/contracts/money';
import type * as points from '@club/api/contracts/points';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { endpoint, fillPath, queryString } from './endpoint';
import { ContractMismatchError } from './errors';

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function stubFetch(body: unknown, status = 200) {
  const fetchMock = vi.fn(async (_input: string, _init: RequestInit) => answer(status, body));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

const memberHomeCall = endpoint<typeof home.memberHome>('GET', '/memberhome');

describe('endpoint: a call of the API contracts', () => {
  it('fills path parameters, the query and the body the contract declares', async () => {
    const fetchMock = stubFetch({
      status: 'ok',
      loglist: [],
      pager: { totalrows: 0, rowsperpage: 20, page: 2 },
    });
    const transLog = endpoint<typeof money.transLog>('GET', '/user/trans/log/:page');
    await transLog({ params: { page: '2' } });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/user/trans/log/2');

    stubFetch({ status: 'ok', list: [] });
    const users = endpoint<typeof points.pointUserSearch>('GET', '/admin/point/users');
    const search = stubFetch({ status: 'ok', list: [] });
    await users({ query: { keyword: '王 小明' } });
    expect(search.mock.calls[0]![0]).toBe('/api/admin/point/users?keyword=%E7%8E%8B+%E5%B0%8F%E6%98%8E');

    const login = stubFetch({ status: 'fail', reason: 'wrong' });
    const loginCall = endpoint<typeof accounts.login>('POST', '/user/login');
    await expect(loginCall({ body: { user: 'a', password: 'b' } })).resolves.toEqual({
      status: 'fail',
      reason: 'wrong',
    });
    expect(login.mock.calls[0]![1].body).toBe(JSON.stringify({ user: 'a', password: 'b' }));
  });

  it('leaves an absent optional parameter out and refuses a missing required one', () => {
    expect(fillPath('/admin/staff/list/:semester?', {})).toBe('/admin/staff/list/');
    expect(fillPath('/admin/staff/list/:semester?', { semester: '115-1' })).toBe('/admin/staff/list/115-1');
    expect(fillPath('/admin/trans/detail/:pk', { pk: 'a/b' })).toBe('/admin/trans/detail/a%2Fb');
    expect(() => fillPath('/user/point/:pk', {})).toThrow(/needs the parameter pk/);
    expect(queryString({ keyword: undefined })).toBe('');
  });
});

describe('the development check of answers against the contracts', () => {
  it('passes an answer that fits the contract, refusals included', async () => {
    stubFetch({ status: 'ok', showworkshopform: true });
    await expect(memberHomeCall({})).resolves.toEqual({ status: 'ok', showworkshopform: true });
    stubFetch({ status: 'fail', reason: 'forbidden' });
    await expect(memberHomeCall({})).resolves.toMatchObject({ status: 'fail' });
  });

  it('reports an answer the contract does not allow: console.error and a thrown ContractMismatchError', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    // The server renamed showworkshopform: the web would read undefined and hide the form silently.
    stubFetch({ status: 'ok', showWorkshopForm: true });
    const failure = await memberHomeCall({}).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ContractMismatchError);
    expect((failure as ContractMismatchError).call).toBe('GET /memberhome');
    expect((failure as ContractMismatchError).problems.join()).toMatch(/showworkshopform/);
    expect(consoleError).toHaveBeenCalledTimes(1);
    expect(String(consoleError.mock.calls[0]![0])).toMatch(/\[contract\] GET \/memberhome answered a body/);
  });

  it('checks nested rows too', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const transLog = endpoint<typeof money.transLog>('GET', '/user/trans/log/:page');
    stubFetch({ status: 'ok', loglist: [{ pk: 'T1' }], pager: { totalrows: 1, rowsperpage: 20, page: 1 } });
    await expect(transLog({ params: { page: '1' } })).rejects.toBeInstanceOf(ContractMismatchError);
  });

  it('does not check in production: the body is returned as it came', async () => {
    vi.stubEnv('DEV', false);
    vi.stubEnv('PROD', true);
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch({ status: 'ok', showWorkshopForm: true });
    await expect(memberHomeCall({})).resolves.toEqual({ status: 'ok', showWorkshopForm: true });
    expect(consoleError).not.toHaveBeenCalled();
  });
});
