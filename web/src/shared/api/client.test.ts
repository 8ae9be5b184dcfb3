import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './client';
import { ApiError, ForbiddenError, NetworkError, UnauthorizedError } from './errors';

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function stubFetch(implementation: (input: string, init: RequestInit) => Promise<Response>) {
  const fetchMock = vi.fn(implementation);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('api client', () => {
  it('calls below /api with the Scope header, JSON and same-origin credentials', async () => {
    const fetchMock = stubFetch(async () => answer(200, { status: 'ok' }));
    await api.put('/user/change/password', { oldpassword: 'a', newpassword: 'b' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/user/change/password');
    expect(init.method).toBe('PUT');
    expect(init.credentials).toBe('same-origin');
    expect(init.headers).toMatchObject({ Scope: 'main', 'Content-Type': 'application/json' });
    expect(init.body).toBe(JSON.stringify({ oldpassword: 'a', newpassword: 'b' }));
  });

  it('returns business refusals as they are', async () => {
    stubFetch(async () => answer(200, { status: 'fail', reason: 'wrong' }));
    await expect(api.post('/user/login', {})).resolves.toEqual({ status: 'fail', reason: 'wrong' });
  });

  it('throws typed errors for 401, 403 and other failures', async () => {
    stubFetch(async () => answer(401, { status: 'fail', reason: 'login' }));
    await expect(api.get('/memberhome')).rejects.toBeInstanceOf(UnauthorizedError);
    stubFetch(async () => answer(403, { status: 'fail', reason: 'forbidden' }));
    await expect(api.get('/admin/warning')).rejects.toBeInstanceOf(ForbiddenError);
    stubFetch(async () => answer(429, { status: 'fail', reason: 'toomany' }));
    await expect(api.post('/user/login', {})).rejects.toMatchObject({ status: 429, reason: 'toomany' });
    stubFetch(async () => answer(500, { status: 'fail', reason: 'unknown' }));
    await expect(api.get('/x')).rejects.toBeInstanceOf(ApiError);
  });

  it('throws a NetworkError when the server cannot be reached', async () => {
    stubFetch(async () => {
      throw new TypeError('fetch failed');
    });
    await expect(api.get('/user/check')).rejects.toMatchObject({ name: 'NetworkError', timedOut: false });
  });

  it('gives up after 20 s', async () => {
    vi.useFakeTimers();
    stubFetch(
      (_input, init) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    const pending = api.get('/user/check');
    const outcome = expect(pending).rejects.toBeInstanceOf(NetworkError);
    await vi.advanceTimersByTimeAsync(19_999);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
    await expect(pending).rejects.toMatchObject({ timedOut: true });
  });
});
