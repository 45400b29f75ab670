/**
 * Text from the client on its way to PostgreSQL. A NUL character makes PostgreSQL fail the query
 * (a 5xx for bad input), so it never reaches the database; other control characters go too.
 */

// eslint-disable-next-line no-control-regex
const LINE_CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;
// eslint-disable-next-line no-control-regex
const TEXT_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** A one-line value (a name, a search query): control characters become spaces, runs of spaces one, trimmed. */
export function cleanLine(value: string): string {
  return value.replace(LINE_CONTROLS, ' ').replace(/\s+/g, ' ').trim();
}

/** A multi-line value (a description): keeps line breaks and tabs, drops other control characters. */
export function cleanText(value: string): string {
  return value.replace(TEXT_CONTROLS, '').trim();
}

/** Slugs are made by `slugify`, so anything else cannot name a row and needs no query. */
export function isSlugShaped(value: string): boolean {
  return /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value);
}
