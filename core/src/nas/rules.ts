// Network storage (NAS, document 1 and document 3, section 9): the club's file server gives each member
// an account of their own. The rules the NAS page and the terms show.

/** Storage per person, in gigabytes. */
export const NAS_QUOTA_GB = 20;
/** Days a person has to tidy their folder once it is over the quota. */
export const NAS_TIDY_DAYS = 14;
