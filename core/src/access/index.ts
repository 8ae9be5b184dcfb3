// The access domain: who may do what. Staff and workshop rosters per semester, authority grants, the
// effective authorities of a user, position sort order and member identity groups.
export * from './authorities.ts';
export * from './effective.ts';
export * from './events.ts';
export * from './grants.ts';
export * from './identity-groups.ts';
export * from './service.ts';
export * from './staff-roster.ts';
export * from './workshop-roster.ts';
