// Typed calls of the API's contracts (api/src/contracts; docs/api.md, contracts). A feature declares a
// call by its contract's type and writes its method and path, which must be the contract's:
//
//   import type * as money from '@club/api/contracts/money';
//   const transLogCall = endpoint<typeof money.transLog>('GET', '/user/trans/log/:page');
//   transLogCall({ params: { page: '1' } })   // Promise<ReplyOf<typeof money.transLog>>
//
// The import is type-only, so no schema reaches the bundle; the parameters, query, body and answer are
// the contract's types, so a field the contract does not have fails `tsc -b`. In development the answer is
// also checked against the schema (./contract-check.ts).
import type { BodyOf, Endpoint, ParamsOf, QueryOf, ReplyOf } from '@club/api/contracts/shared';
import { apiRequest, type RequestOptions } from './client';
import { ApiError } from './errors';

type Part<Value, Key extends string> = [Value] extends [never] ? unknown : { [K in Key]: Value };

/** What a call takes: `params`, `query` and `body`, each only when the contract has it. */
export type CallInput<E extends Endpoint> = Part<ParamsOf<E>, 'params'> &
  Part<QueryOf<E>, 'query'> &
  Part<BodyOf<E>, 'body'>;

export type CallOptions = Omit<RequestOptions, 'contract'>;

type Values = Record<string, string | number | boolean | null | undefined>;

/** `/a/:b/:c?` with b and c filled in (encoded); an absent optional parameter leaves its slash. */
export function fillPath(path: string, params: Values = {}): string {
  return path.replace(/:(\w+)(\?)?/g, (_match, name: string, optional?: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') {
      if (optional) return '';
      throw new Error(`path ${path} needs the parameter ${name}`);
    }
    return encodeURIComponent(String(value));
  });
}

/** `?a=1&b=x` of the defined values, or ''. */
export function queryString(query: Values = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    if (value !== undefined && value !== null) search.set(name, String(value));
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

/** Declares a call of contract E; see the header comment. */
export function endpoint<E extends Endpoint>(method: E['method'], path: E['path']) {
  return (input: CallInput<E>, options: CallOptions = {}): Promise<ReplyOf<E>> => {
    const { params, query, body } = input as { params?: Values; query?: Values; body?: unknown };
    return apiRequest<ReplyOf<E>>(method, `${fillPath(path, params)}${queryString(query)}`, body, {
      ...options,
      contract: { method, path },
    });
  };
}

/** A query function's options: the abort signal react-query passes, when there is one. */
export const withSignal = (signal?: AbortSignal): CallOptions => (signal ? { signal } : {});

/**
 * For reads whose page has nothing to show on a refusal: the ok body, or an ApiError carrying the
 * refusal's reason, which the page shows as a failed load.
 */
export async function okOrThrow<Reply extends { status: string }>(
  reply: Promise<Reply>,
): Promise<Extract<Reply, { status: 'ok' }>> {
  const body = await reply;
  if (body.status === 'ok') return body as Extract<Reply, { status: 'ok' }>;
  const reason = 'reason' in body && typeof body.reason === 'string' ? body.reason : undefined;
  throw new ApiError(200, reason);
}
