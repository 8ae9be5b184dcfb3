import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { application, createTestPortal, type TestPortal } from '../testing.ts';

let portal: TestPortal;
beforeEach(async () => {
  portal = await createTestPortal();
});
afterEach(async () => {
  await portal.close();
});

const register = (overrides: Record<string, unknown> = {}) =>
  portal.client().post('/api/user/register', application(overrides));

describe('GET /api/user/check', () => {
  it('answers without a login with no user and the Taipei semesters', async () => {
    const { statusCode, body } = await portal.client().get('/api/user/check');
    expect(statusCode).toBe(200);
    expect(body).toEqual({ status: 'ok', user: null, semesternow: '115-1', semesternext: '115-2' });
  });
});

describe('POST /api/user/register', () => {
  it('creates the account and answers with the social group link and semester', async () => {
    const { body } = await register();
    expect(body.status).toBe('ok');
    expect(body.fbgroup).toEqual({ link: expect.stringContaining('facebook.com'), semester: '115-1' });
  });

  it.each([
    ['identity 4 cannot apply online', { identity: 4 }, 'identity_closed'],
    ['a blank name (after trimming)', { name: '   ' }, 'name_required'],
    ['no sex chosen', { sex: '' }, 'sex_required'],
    ['a malformed student ID for identity 1', { stuid: 'B1234' }, 'stuid_format'],
    [
      'identity 3 without a school',
      { identity: 3, school: '', stuid: 'X1', grade: '大一' },
      'school_required',
    ],
    [
      'identity 3 without a grade',
      { identity: 3, school: '台大', stuid: 'X1', grade: '' },
      'school_required',
    ],
    ['a malformed mobile', { mobile: '12345' }, 'mobile_format'],
    ['a missing mobile for identity 1', { mobile: '' }, 'mobile_format'],
    ['a malformed e-mail', { email: 'not-an-email' }, 'email_format'],
    ['a password under six characters', { password: 'abc', password2: 'abc' }, 'password_format'],
    ['passwords that differ', { password2: 'secret2' }, 'password_differ'],
    ['a profile link that is not a profile', { facebook: 'https://example.com/someone' }, 'facebook_format'],
    ['rules not agreed', { ruleagree: false }, 'rule_not_agreed'],
  ])('refuses %s', async (_label, overrides, reason) => {
    const { statusCode, body } = await register(overrides);
    expect(statusCode).toBe(200);
    expect(body).toEqual({ status: 'fail', reason });
    // Nothing was written: the same mobile can still register.
    expect((await register()).body.status).toBe('ok');
  });

  it('checks in the spec order: the name before the password', async () => {
    const { body } = await register({ name: '', password: '1' });
    expect(body.reason).toBe('name_required');
  });

  it('refuses duplicates of mobile, student ID and e-mail, mobile first', async () => {
    await register();
    expect((await register({ stuid: 'B87654321', email: 'x@example.com' })).body.reason).toBe(
      'duplicated_mobile',
    );
    expect((await register({ mobile: '0987654321', email: 'x@example.com' })).body.reason).toBe(
      'duplicated_stuid',
    );
    expect(
      (await register({ mobile: '0987654321', stuid: 'B87654321', email: 'MING@example.com' })).body.reason,
    ).toBe('duplicated_email');
    expect(
      (await register({ mobile: '0987654321', stuid: 'B87654321', email: 'x@example.com' })).body.status,
    ).toBe('ok');
  });

  it('lets exactly one of two concurrent registrations with the same mobile through', async () => {
    const results = await Promise.all([
      register({ stuid: 'B11111111', email: 'a@example.com' }),
      register({ stuid: 'B22222222', email: 'b@example.com' }),
      register({ stuid: 'B33333333', email: 'c@example.com' }),
    ]);
    const reasons = results.map((result) => result.body.reason ?? result.body.status).sort();
    expect(reasons).toEqual(['duplicated_mobile', 'duplicated_mobile', 'ok']);
  });

  it('trims input, upper-cases the student ID and normalises the profile link', async () => {
    await register({
      name: '  王小明 ',
      stuid: ' b12345678 ',
      facebook: 'https://m.facebook.com/profile.php?id=100012345&ref=x',
    });
    const client = portal.client();
    const login = await client.post('/api/user/login', {
      user: 'B12345678',
      password: 'secret1',
      userscope: 'main',
    });
    expect(login.body.status).toBe('ok');
    expect((login.body.user as { name: string }).name).toBe('王小明');
    const events = await portal.store.readAll();
    const registered = events.find((event) => event.type === 'UserRegistered')!.data as Record<
      string,
      unknown
    >;
    expect(registered.stuid).toBe('B12345678');
    expect(registered.facebook).toBe('https://www.facebook.com/100012345');
    expect(registered.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('sets English for foreigners (identity 5), who need no mobile', async () => {
    await register({ identity: 5, mobile: '', stuid: '', email: 'anna@example.com' });
    const client = portal.client();
    const login = await client.post('/api/user/login', { user: 'anna@example.com', password: 'secret1' });
    expect((login.body.user as { settings: { lang: string } }).settings.lang).toBe('en');
  });

  it('marks other-school students as awaiting review', async () => {
    await register({ identity: 3, school: '政大', stuid: '110000001', grade: '大一' });
    const login = await portal.client().post('/api/user/login', { user: '0912345678', password: 'secret1' });
    expect((login.body.user as { valid: boolean }).valid).toBe(false);
  });

  it('answers 400 naming the fields for a body that does not parse', async () => {
    const { statusCode, body } = await portal
      .client()
      .post('/api/user/register', { ...application(), identity: 7, name: 42 });
    expect(statusCode).toBe(400);
    expect(body.status).toBe('fail');
    expect(body.reason).toBe('badrequest');
    expect(body.fields).toEqual(expect.arrayContaining(['identity', 'name']));
  });

  it('refuses a state-changing call without the Scope header or from another origin (CSRF)', async () => {
    const client = portal.client();
    const noScope = await client.request('POST', '/api/user/register', application(), { scope: '' });
    expect(noScope.statusCode).toBe(403);
    expect(noScope.body.reason).toBe('csrf');
    const crossSite = await client.request('POST', '/api/user/register', application(), {
      origin: 'https://evil.example',
    });
    expect(crossSite.statusCode).toBe(403);
    expect((await register()).body.status).toBe('ok');
  });
});

describe('POST /api/user/login', () => {
  beforeEach(async () => {
    await register();
  });

  it.each([['0912345678'], ['b12345678'], ['MING@EXAMPLE.COM']])(
    'logs in with %s and starts a session',
    async (user) => {
      const client = portal.client();
      const { body } = await client.post('/api/user/login', { user, password: 'secret1', userscope: 'main' });
      expect(body.status).toBe('ok');
      expect(body.user).toMatchObject({
        name: '王小明',
        ismember: false,
        isstaff: false,
        lastmember: null,
        pkstr: expect.any(String),
      });
      const check = await client.get('/api/user/check');
      expect((check.body.user as { name: string }).name).toBe('王小明');
    },
  );

  it('sets an HttpOnly SameSite cookie and rotates the session id at each login', async () => {
    const client = portal.client();
    const first = await client.post('/api/user/login', { user: '0912345678', password: 'secret1' });
    const cookie = first.cookies.find((c) => c.name === 'club.sid')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    const before = client.sessionCookie();
    await client.post('/api/user/login', { user: '0912345678', password: 'secret1' });
    expect(client.sessionCookie()).not.toBe(before);
  });

  it('refuses a wrong password or unknown account with reason wrong', async () => {
    const client = portal.client();
    expect((await client.post('/api/user/login', { user: '0912345678', password: 'nope!!' })).body).toEqual({
      status: 'fail',
      reason: 'wrong',
    });
    expect(
      (await client.post('/api/user/login', { user: '0900000000', password: 'secret1' })).body.reason,
    ).toBe('wrong');
    expect((await client.post('/api/user/login', { user: '0912345678', password: '' })).body.reason).toBe(
      'wrong',
    );
    expect((await client.get('/api/user/check')).body.user).toBeNull();
  });

  it('records every login, success or failure, as an event with the spec status codes', async () => {
    const client = portal.client();
    await client.post('/api/user/login', { user: '0912345678', password: 'bad-password' });
    await client.request(
      'POST',
      '/api/user/login',
      { user: '0912345678', password: 'secret1', userscope: 'store' },
      { scope: 'store' },
    );
    const attempts = (await portal.store.readAll()).filter((event) => event.type === 'LoginAttempted');
    expect(attempts.map((event) => event.data)).toEqual([
      expect.objectContaining({ status: 0, method: 1, scope: 0, first: false }),
      expect.objectContaining({ status: 2, method: 1, scope: 1, first: true }),
    ]);
    expect(attempts[1]!.metadata.scope).toBe('store');
  });

  it('blocks an account after five failures, even with the right password', async () => {
    const client = portal.client();
    for (let attempt = 0; attempt < 5; attempt++) {
      expect(
        (await client.post('/api/user/login', { user: '0912345678', password: `wrong-${attempt}` })).body
          .reason,
      ).toBe('wrong');
    }
    const blocked = await client.post('/api/user/login', { user: '0912345678', password: 'secret1' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.body.reason).toBe('toomany');
  });
});

describe('POST /api/user/logout', () => {
  it('destroys the session on the server, so the old cookie no longer works', async () => {
    await register();
    const client = portal.client();
    await client.post('/api/user/login', { user: '0912345678', password: 'secret1' });
    const stolen = client.sessionCookie()!;
    expect((await client.post('/api/user/logout')).body.status).toBe('ok');
    const replay = await portal.app.inject({
      method: 'GET',
      url: '/api/user/check',
      headers: { cookie: `club.sid=${stolen}` },
    });
    expect(replay.json().user).toBeNull();
  });
});

describe('PUT /api/user/change/password', () => {
  it('needs a login', async () => {
    const { statusCode, body } = await portal
      .client()
      .put('/api/user/change/password', { oldpassword: 'a', newpassword: 'bbbbbb' });
    expect(statusCode).toBe(401);
    expect(body.reason).toBe('login');
  });

  it('refuses a wrong old password and a short new one, then changes it', async () => {
    await register();
    const client = portal.client();
    await client.post('/api/user/login', { user: '0912345678', password: 'secret1' });
    expect(
      (await client.put('/api/user/change/password', { oldpassword: 'wrong!', newpassword: 'newsecret' }))
        .body.reason,
    ).toBe('wrong');
    expect(
      (await client.put('/api/user/change/password', { oldpassword: 'secret1', newpassword: 'abc' })).body
        .reason,
    ).toBe('password_format');
    expect(
      (await client.put('/api/user/change/password', { oldpassword: 'secret1', newpassword: 'newsecret' }))
        .body.status,
    ).toBe('ok');
    const other = portal.client();
    expect(
      (await other.post('/api/user/login', { user: '0912345678', password: 'secret1' })).body.reason,
    ).toBe('wrong');
    expect(
      (await other.post('/api/user/login', { user: '0912345678', password: 'newsecret' })).body.status,
    ).toBe('ok');
  });

  it('ends the user’s other sessions and keeps the current one and other people’s', async () => {
    await register();
    await register({ mobile: '0987654321', stuid: 'B87654321', email: 'other@example.com' });
    const [phone, laptop, kiosk, someoneElse] = [1, 2, 3, 4].map(() => portal.client());
    for (const device of [phone, laptop, kiosk])
      await device!.post('/api/user/login', { user: '0912345678', password: 'secret1' });
    await someoneElse!.post('/api/user/login', { user: '0987654321', password: 'secret1' });
    const loggedIn = async (client: typeof phone) =>
      (await client!.get('/api/user/check')).body.user !== null;
    expect(await Promise.all([phone, laptop, kiosk].map(loggedIn))).toEqual([true, true, true]);

    const changed = await phone!.put('/api/user/change/password', {
      oldpassword: 'secret1',
      newpassword: 'newsecret',
    });
    expect(changed.body.status).toBe('ok');

    expect(await loggedIn(phone)).toBe(true);
    expect(await loggedIn(laptop)).toBe(false);
    expect(await loggedIn(kiosk)).toBe(false);
    expect(await loggedIn(someoneElse)).toBe(true);
  });

  it('ends no session when the old password is wrong', async () => {
    await register();
    const [phone, laptop] = [portal.client(), portal.client()];
    for (const device of [phone, laptop])
      await device.post('/api/user/login', { user: '0912345678', password: 'secret1' });
    await phone.put('/api/user/change/password', { oldpassword: 'wrong!', newpassword: 'newsecret' });
    expect((await laptop.get('/api/user/check')).body.user).not.toBeNull();
  });
});

describe('PUT /api/user/settings/update', () => {
  it('keeps the chosen language', async () => {
    await register();
    const client = portal.client();
    await client.post('/api/user/login', { user: '0912345678', password: 'secret1' });
    const { body } = await client.put('/api/user/settings/update', { settings: { lang: 'en' } });
    expect((body.user as { settings: { lang: string } }).settings.lang).toBe('en');
    expect(
      ((await client.get('/api/user/check')).body.user as { settings: { lang: string } }).settings.lang,
    ).toBe('en');
    expect((await client.put('/api/user/settings/update', { settings: { lang: 'fr' } })).statusCode).toBe(
      400,
    );
  });
});

describe('GET /api/memberhome and GET /api/admin/warning', () => {
  it('needs a login for the member home and staff for the warnings', async () => {
    const client = portal.client();
    expect((await client.get('/api/memberhome')).statusCode).toBe(401);
    await register();
    await client.post('/api/user/login', { user: '0912345678', password: 'secret1' });
    expect((await client.get('/api/memberhome')).body).toEqual({ status: 'ok', showworkshopform: false });
    const warning = await client.get('/api/admin/warning');
    expect(warning.statusCode).toBe(403);
    expect(warning.body.reason).toBe('forbidden');
  });
});

describe('API surface', () => {
  it('serves OpenAPI documentation generated from the schemas', async () => {
    const response = await portal.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toEqual(
      expect.arrayContaining(['/api/user/register', '/api/user/login']),
    );
  });

  it('publishes valid OpenAPI paths: one per form, no optional segment, every path parameter declared', async () => {
    const response = await portal.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = response.json().paths as Record<
      string,
      Record<string, { parameters?: { in: string; name: string; required?: boolean }[] }>
    >;
    expect(Object.keys(paths).filter((path) => path.includes('?'))).toEqual([]);
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining(['/api/admin/staff/list', '/api/admin/staff/list/{semester}']),
    );
    for (const [path, operations] of Object.entries(paths)) {
      const inTemplate = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
      for (const operation of Object.values(operations)) {
        const declared = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path');
        expect({ path, names: declared.map((parameter) => parameter.name).sort() }).toEqual({
          path,
          names: inTemplate,
        });
        expect(declared.every((parameter) => parameter.required === true)).toBe(true);
      }
    }
  });

  it('answers unknown API paths with a JSON 404 and malformed JSON with a 400, never a 500', async () => {
    expect((await portal.client().get('/api/nope')).statusCode).toBe(404);
    const malformed = await portal.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { scope: 'main', 'content-type': 'application/json' },
      payload: '{"user": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ status: 'fail' });
  });
});
