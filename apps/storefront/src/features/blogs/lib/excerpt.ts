/** A plain-text teaser of (sanitised) HTML content: its paragraphs, not its headings. */
export function excerpt(html: string, length = 160): string {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  const paragraphs = Array.from(body.querySelectorAll('p'), (p) => p.textContent ?? '');
  const text = paragraphs.length > 0 ? paragraphs.join(' ') : (body.textContent ?? '');
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length > length ? `${clean.slice(0, length).replace(/\s+\S*$/, '')}…` : clean;
}
