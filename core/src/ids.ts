import { createHash, randomUUID } from 'node:crypto';

/**
 * A UUID derived from a name: the same name always gives the same id. Used for event ids of commands
 * that carry an idempotency key, and for the steps of process managers, so a retry appends nothing new.
 */
export function deterministicUuid(name: string): string {
  const hex = createHash('sha256').update(name).digest('hex');
  // Version 8 (custom) and the RFC 4122 variant bits.
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export const newId = (): string => randomUUID();
