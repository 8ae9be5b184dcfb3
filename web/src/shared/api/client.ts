import { ApiError, ForbiddenError, NetworkError, UnauthorizedError } from './errors';

/** Every API path is below this prefix; in development Vite proxies it to the API server. */
export const API_BASE = '/api';

/** Requests give up after this long (spec doc 3, section 9: requests 20 s). */
export const REQUEST_TIMEOUT_MS = 20_000;

/** The scope recorded on events; the main web app is always 'main' (the kiosk uses 'store'). */
export const CLIENT_SCOPE = 'main';

export interface RequestOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  /** The Scope header; pages embedded in the store kiosk send 'store' (default CLIENT_SCOPE). */
  scope?: 'main' | 'store';
  /** The contract call this request is (./endpoint.ts); in development its answer is checked against it. */
  contract?: ContractCall;
}

/** A call of the API's contracts (api/src/contracts), by its method and path pattern. */
export interface ContractCall {
  method: string;
  path: string;
}

/**
 * Development only: the answer must fit the call's contract, or the mismatch is logged and thrown. The
 * check and the schemas load on first use and are not in the production bundle (`DEV` is false there).
 */
async function checkAgainstContract(call: ContractCall, body: unknown): Promise<void> {
  const { checkReply } = await import('./contract-check');
  checkReply(call, body);
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** Aborts on the caller's signal or after the timeout, whichever comes first; `done` stops the timer. */
function requestSignal(callerSignal: AbortSignal | undefined, timeoutMs: number) {
  // Older phone browsers (Safari before 17.4) lack AbortSignal.any, so the two are joined by hand.
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('API request timed out', 'TimeoutError')),
    timeoutMs,
  );
  const forward = () => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) forward();
  else callerSignal?.addEventListener('abort', forward, { once: true });
  const done = () => {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', forward);
  };
  return { signal: controller.signal, done };
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function reasonOf(body: unknown): string | undefined {
  if (typeof body === 'object' && body !== null && 'reason' in body) {
    const reason = (body as { reason: unknown }).reason;
    return typeof reason === 'string' ? reason : undefined;
  }
  return undefined;
}

/**
 * Calls the API and returns the parsed JSON body. HTTP 200 bodies (including business refusals with
 * `status: 'fail'`) are returned as they are; 401, 403, other non-2xx answers and network failures
 * throw the typed errors of ./errors so the app can react to them in one place.
 */
export async function apiRequest<Body>(
  method: Method,
  path: string,
  payload?: unknown,
  options: RequestOptions = {},
): Promise<Body> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    Scope: options.scope ?? CLIENT_SCOPE,
  };
  if (payload !== undefined || method !== 'GET') headers['Content-Type'] = 'application/json';
  const { signal, done } = requestSignal(options.signal, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  let response: Response;
  let body: unknown;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body: payload === undefined ? (method === 'GET' ? undefined : '{}') : JSON.stringify(payload),
      credentials: 'same-origin',
      signal,
    });
    body = await readBody(response);
  } catch (error) {
    // A caller's own abort (react-query cancelling a query) is passed through untouched.
    if (options.signal?.aborted) throw error;
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw new NetworkError(timedOut, error);
  } finally {
    done();
  }
  if (response.status === 401) throw new UnauthorizedError(reasonOf(body));
  if (response.status === 403) throw new ForbiddenError(reasonOf(body));
  if (!response.ok) throw new ApiError(response.status, reasonOf(body));
  if (body === undefined) throw new ApiError(response.status, 'badjson', 'API answered without a JSON body');
  if (import.meta.env.DEV && options.contract) await checkAgainstContract(options.contract, body);
  return body as Body;
}

export const api = {
  get: <Body>(path: string, options?: RequestOptions) => apiRequest<Body>('GET', path, undefined, options),
  post: <Body>(path: string, payload?: unknown, options?: RequestOptions) =>
    apiRequest<Body>('POST', path, payload, options),
  put: <Body>(path: string, payload?: unknown, options?: RequestOptions) =>
    apiRequest<Body>('PUT', path, payload, options),
  delete: <Body>(path: string, payload?: unknown, options?: RequestOptions) =>
    apiRequest<Body>('DELETE', path, payload, options),
};
