import { describe, expect, it } from 'vitest';
import { configFromEnv, parsePublicOrigin, parseTrustProxy } from './config.ts';

describe('TRUST_PROXY', () => {
  it('trusts no proxy unless told to', () => {
    expect(configFromEnv({}).trustProxy).toBe(false);
    for (const off of ['', ' ', '0', 'false', 'FALSE']) expect(parseTrustProxy(off)).toBe(false);
  });

  it('takes true, a hop count, or addresses and CIDR ranges as Fastify does', () => {
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.2, 192.168.1.0/24,::1')).toBe('10.0.0.2,192.168.1.0/24,::1');
    expect(parseTrustProxy('loopback')).toBe('loopback');
  });

  it('refuses anything else at start-up rather than guessing', () => {
    expect(() => parseTrustProxy('yes please')).toThrow(/TRUST_PROXY/);
    expect(() => parseTrustProxy('10.0.0.0/24; rm')).toThrow(/TRUST_PROXY/);
  });
});

describe('PUBLIC_ORIGIN', () => {
  it('is unset by default and reduced to scheme, host and port when set', () => {
    expect(configFromEnv({}).publicOrigin).toBeUndefined();
    expect(parsePublicOrigin('https://Portal.Example.org/some/path?x=1')).toBe('https://portal.example.org');
    expect(parsePublicOrigin('http://portal.example:8080/')).toBe('http://portal.example:8080');
    expect(parsePublicOrigin('https://portal.example:443')).toBe('https://portal.example');
  });

  it('refuses what is not an http(s) URL', () => {
    expect(() => parsePublicOrigin('portal.example')).toThrow(/PUBLIC_ORIGIN/);
    expect(() => parsePublicOrigin('ftp://portal.example')).toThrow(/PUBLIC_ORIGIN/);
  });
});

describe('NODE_ENV', () => {
  it('is production only when it says production', () => {
    expect(configFromEnv({}).production).toBe(false);
    expect(configFromEnv({ NODE_ENV: 'development' }).production).toBe(false);
    expect(configFromEnv({ NODE_ENV: 'production' }).production).toBe(true);
  });
});
