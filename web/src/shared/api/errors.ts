// Typed errors of the API layer. A business refusal is not an error: it arrives as HTTP 200 with
// `{ status: 'fail', reason }` and the caller maps the reason to the spec's message. The guard reasons
// are the contracts' (api/src/contracts/shared.ts).
import type { GuardReason } from '@club/api/contracts/shared';

/** Any non-2xx answer from the API. `reason` is the server's reason code when the body had one. */
export class ApiError extends Error {
  override readonly name: string = 'ApiError';
  constructor(
    readonly status: number,
    readonly reason: string | undefined,
    message?: string,
  ) {
    super(message ?? `API answered ${status}${reason ? ` (${reason})` : ''}`);
  }
}

/** HTTP 401: the session is missing or expired. The app sends the person to the login page. */
export class UnauthorizedError extends ApiError {
  override readonly name = 'UnauthorizedError';
  constructor(reason?: string) {
    super(401, reason ?? ('login' satisfies GuardReason));
  }
}

/** HTTP 403: the role does not allow the call. The app shows the not-found page. */
export class ForbiddenError extends ApiError {
  override readonly name = 'ForbiddenError';
  constructor(reason?: string) {
    super(403, reason ?? ('forbidden' satisfies GuardReason));
  }
}

/** The request never got an answer: offline, connection refused, or the 20 s timeout ran out. */
export class NetworkError extends ApiError {
  override readonly name = 'NetworkError';
  constructor(
    readonly timedOut: boolean,
    cause?: unknown,
  ) {
    super(0, timedOut ? 'timeout' : 'network', timedOut ? 'API request timed out' : 'API unreachable');
    this.cause = cause;
  }
}

/**
 * Development only: an answer that its contract (api/src/contracts) does not allow. The web and the API
 * disagree about a call; the query fails loudly instead of rendering a half-understood body.
 */
export class ContractMismatchError extends ApiError {
  override readonly name = 'ContractMismatchError';
  constructor(
    readonly call: string,
    readonly problems: string[],
  ) {
    super(200, 'contract', `${call} answered a body its contract does not allow: ${problems.join('; ')}`);
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
