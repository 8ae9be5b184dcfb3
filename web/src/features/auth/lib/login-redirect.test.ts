import { describe, expect, it } from 'vitest';
import { loginDestination } from './login-redirect';

const paths = { memberHome: '/memberhome', nasPage: '/nas', networkStorageBase: 'https://portal.example' };
const member = { ismember: true, authlist: [] };
const nonMember = { ismember: false, authlist: [] };
const nasHolder = { ismember: false, authlist: ['nas'] };

describe('loginDestination', () => {
  it('goes to the member home without a redirect', () => {
    expect(loginDestination(null, member, paths)).toEqual({ kind: 'page', path: '/memberhome' });
    expect(loginDestination('', member, paths)).toEqual({ kind: 'page', path: '/memberhome' });
  });

  it('follows a redirect that starts with a slash', () => {
    expect(loginDestination('/user/change/password?x=1', nonMember, paths)).toEqual({
      kind: 'page',
      path: '/user/change/password?x=1',
    });
  });

  it('ignores a redirect that does not start with a slash or that contains logout', () => {
    expect(loginDestination('https://evil.example/', member, paths)).toEqual({
      kind: 'page',
      path: '/memberhome',
    });
    expect(loginDestination('user/logout', member, paths)).toEqual({ kind: 'page', path: '/memberhome' });
    expect(loginDestination('/user/logout', member, paths)).toEqual({ kind: 'page', path: '/memberhome' });
  });

  it('refuses protocol-relative redirects', () => {
    expect(loginDestination('//evil.example/x', member, paths)).toEqual({
      kind: 'page',
      path: '/memberhome',
    });
    expect(loginDestination('/\\evil.example', member, paths)).toEqual({ kind: 'page', path: '/memberhome' });
  });

  it('sends a member or a nas holder below /nas to the storage, anyone else to the NAS page', () => {
    expect(loginDestination('/nas/photos', member, paths)).toEqual({
      kind: 'external',
      url: 'https://portal.example/nas/photos',
    });
    expect(loginDestination('/nas/photos', nasHolder, paths)).toEqual({
      kind: 'external',
      url: 'https://portal.example/nas/photos',
    });
    expect(loginDestination('/nas/photos', nonMember, paths)).toEqual({ kind: 'page', path: '/nas' });
  });
});
