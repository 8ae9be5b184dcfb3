/** NTD as the club writes it: thousands separated, cents only when there are any. */
export const formatNtd = (amount: number): string =>
  amount.toLocaleString('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 });
