// The debtUser staff warning (document 1): how many people are in debt (their own balance below zero).
// The list itself is AdminUserRecentDebtList kind=debt.
import { usersInDebt } from '../routes/user-lists.ts';
import type { WarningSource } from './index.ts';

export const debtUserWarning: WarningSource = (services) => ({
  kind: 'debtUser',
  quantity: usersInDebt(services).length,
});
