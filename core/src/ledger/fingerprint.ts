// Content fingerprints for idempotency: the same key with the same content is a retry, the same key with
// other content is a mismatch. Deterministic (canonical JSON, then SHA-256), so deciders stay pure.
import { createHash } from 'node:crypto';

/** JSON with object keys sorted and undefined members left out, so equal content gives equal text. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    // JSON has no NaN or Infinity; spell them out so they still differ from null and from each other.
    if (typeof value === 'number' && !Number.isFinite(value)) return `"#${String(value)}"`;
    return JSON.stringify(value) ?? 'null';
  }
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, member]) => member !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, member]) => `${JSON.stringify(key)}:${canonicalJson(member)}`).join(',')}}`;
}

/** 128 bits of SHA-256 over the canonical JSON, as hex. */
export const fingerprintOf = (value: unknown): string =>
  createHash('sha256').update(canonicalJson(value)).digest('hex').slice(0, 32);
