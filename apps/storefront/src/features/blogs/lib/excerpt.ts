/**
 * Plain text without tags, entities decoded, as an element's textContent. Plain string work, no DOMParser: the
 * server render has no DOM, and the browser must compute the very same text when it hydrates the page.
 */
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
function textOf(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, code: string) => {
      if (code[0] !== '#') return NAMED[code.toLowerCase()] ?? entity;
      const point = code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : entity;
    });
}

/** A plain-text teaser of (sanitised) HTML content: its paragraphs, not its headings. */
export function excerpt(html: string, length = 160): string {
  const paragraphs = Array.from(html.matchAll(/<p(?:\s[^>]*)?>([\s\S]*?)<\/p>/gi), (m) => textOf(m[1] ?? ''));
  const text = paragraphs.length > 0 ? paragraphs.join(' ') : textOf(html);
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length > length ? `${clean.slice(0, length).replace(/\s+\S*$/, '')}…` : clean;
}
