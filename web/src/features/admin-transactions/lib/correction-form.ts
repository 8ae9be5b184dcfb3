// The refund and modify forms' rules (spec doc 3, section 5): amount, refund stock delta and refund
// reason are required; the amount is parsed as an integer and the stock delta as a float. Pure, so they
// are unit-tested without the page; the server decides again.

/** A positive whole NTD amount, or null. */
export function parseWholeAmount(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const amount = Number.parseInt(trimmed, 10);
  return Number.isSafeInteger(amount) && amount > 0 ? amount : null;
}

/** A float with an optional sign (the spec's shared pattern), or null. */
export function parseStockDelta(text: string): number | null {
  const trimmed = text.trim();
  if (!/^[+-]?\d+(\.\d+)?$/.test(trimmed)) return null;
  const delta = Number.parseFloat(trimmed);
  return Number.isFinite(delta) ? delta : null;
}

/** A transaction number as typed: 'T123', 't123' or '123' -> '123'; anything else null. */
export function parseTransactionPk(text: string): string | null {
  const match = /^\s*[Tt]?0*([1-9]\d{0,14})\s*$/.exec(text);
  return match ? match[1]! : null;
}

/** A reason or summary: something other than spaces (the server wants at least 2 characters). */
export const hasText = (text: string): boolean => text.trim() !== '';

/** A key for one submission of a form; a retry of the same submission (a double click) counts once. */
export function newRequestId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const TAIPEI_OFFSET_MS = 8 * 60 * 60 * 1000;

/** An instant on the Taipei wall clock, 'YYYY-MM-DD HH:mm'. */
export function formatTaipeiTime(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  return new Date(time + TAIPEI_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}
