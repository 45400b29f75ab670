/**
 * One key per refund asked for: the form makes it when it opens, and every send of that form (a double click, a
 * retry after a lost answer) carries it, so the server makes one refund. crypto.randomUUID needs a secure context;
 * an admin opened over plain HTTP on the farm's network still gets 128 random bits from getRandomValues.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
