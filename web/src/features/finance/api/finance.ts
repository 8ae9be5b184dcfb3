import type * as finance from '@club/api/contracts/finance';
import type { OkOf, QueryOf } from '@club/api/contracts/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE } from '../../../shared/api/client';
import { endpoint, okOrThrow, queryString, withSignal } from '../../../shared/api/endpoint';

// AdminFinanceStat's calls (api/src/contracts/finance.ts; docs/finance.md).

export type FinanceSummary = OkOf<typeof finance.financeSummary>;
export type ActivityRow = FinanceSummary['activity'][number];
export type TrialBalanceRow = FinanceSummary['trialBalance']['rows'][number];
export type ExportQuery = QueryOf<typeof finance.financeExport>;

const summaryCall = endpoint<typeof finance.financeSummary>('GET', '/admin/finance');

export const financeQueryOptions = (semester: string | undefined) =>
  queryOptions({
    queryKey: ['admin', 'finance', semester ?? 'current'],
    queryFn: ({ signal }) =>
      okOrThrow(summaryCall({ query: semester ? { semester } : {} }, withSignal(signal))),
    placeholderData: keepPreviousData,
  });

export const useFinance = (semester: string | undefined) => useQuery(financeQueryOptions(semester));

/** The export's address: a plain link downloads it with the session cookie. */
export const exportUrl = (query: ExportQuery): string =>
  `${API_BASE}/admin/finance/export${queryString(query)}`;
