import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { deepFreeze } from '../views/read-cache.ts';
import { rememberingSerializerCompiler } from './serializer.ts';

// Every answer is still checked against its schema; only a deep-frozen (cached) answer's bytes are
// remembered, and only after it passed.

const compile = () =>
  rememberingSerializerCompiler({
    schema: z.object({ n: z.number(), list: z.array(z.string()) }),
    method: 'GET',
    url: '/x',
    httpStatus: '200',
  });

describe('remembering serializer', () => {
  it('remembers the checked bytes of a deep-frozen answer', () => {
    const serialize = compile();
    const answer = deepFreeze({ n: 1, list: ['甲'] });
    const first = serialize(answer) as unknown as Buffer;
    expect(first.toString('utf8')).toBe('{"n":1,"list":["甲"]}');
    expect(serialize(answer)).toBe(first);
  });

  it('serializes any other answer afresh, frozen at the top only or not at all', () => {
    const serialize = compile();
    const list = ['a'];
    const shallow = Object.freeze({ n: 1, list });
    expect(serialize(shallow)).toBe('{"n":1,"list":["a"]}');
    list.push('b');
    expect(serialize(shallow)).toBe('{"n":1,"list":["a","b"]}');
  });

  it('refuses an answer that breaks its schema, cached or not', () => {
    const serialize = compile();
    expect(() => serialize(deepFreeze({ n: 'one', list: [] }))).toThrow();
    expect(() => serialize({ n: 1 })).toThrow();
  });
});
