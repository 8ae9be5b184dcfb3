import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, NetworkError } from '../shared/api/errors';

/**
 * Meta a query or mutation may carry: `quietForbidden: true` means a 403 only hides what the call was
 * for and does not send the person to the not-found page.
 */
export type QueryMeta = Record<string, unknown> | undefined;

export type ApiErrorHandler = (error: unknown, meta: QueryMeta) => void;

/**
 * One query client for the app. Every failed query or mutation goes through `onError`, where 401 and
 * 403 are handled in one place; pages only handle business refusals and show their own messages.
 */
export function createQueryClient(onError: ApiErrorHandler): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onError(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => onError(error, mutation.meta),
    }),
    defaultOptions: {
      queries: {
        // Only a lost connection is worth one more try; an answer from the server will not change.
        retry: (failureCount, error) => error instanceof NetworkError && failureCount < 1,
        refetchOnWindowFocus: false,
        throwOnError: false,
      },
      mutations: { retry: false },
    },
  });
}

export const isClientError = (error: unknown): boolean =>
  error instanceof ApiError && error.status >= 400 && error.status < 500;
