// The ledger domain: stored-value accounts, double-entry transfers, dues (member fee, workshop deposits),
// cash pouches and their counting, corrections, and the process manager that finishes half-done
// operations. See README.md for the design.
export * from './account.ts';
export * from './accounts.ts';
export * from './deposit.ts';
export * from './events.ts';
export * from './fingerprint.ts';
export * from './membership.ts';
export * from './money.ts';
export * from './persistent-map.ts';
export * from './pouch.ts';
export * from './process-manager.ts';
export * from './service.ts';
export * from './summary-text.ts';
