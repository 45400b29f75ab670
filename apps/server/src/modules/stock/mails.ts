/** The stock alerts' mails and the unsubscribe page (issue 33). */
import { escapeHtml, linkPage, mailLayout, type Mail } from '../../lib/mailer.js';
import { STANDARD_SIZE_LABEL } from '../products/index.js';

export interface AlertSize {
  productName: string;
  slug: string;
  variantId: string;
  label: string;
  sku: string;
}

/** "A2 Ghee (500 ml)": a size named for people. */
function sizeTitle(s: Pick<AlertSize, 'productName' | 'label'>): string {
  const named = !s.label || s.label === STANDARD_SIZE_LABEL || s.productName.toLowerCase().endsWith(s.label.toLowerCase());
  return named ? s.productName : `${s.productName} (${s.label})`;
}

/** The page of that size: the product page with `?variant=`, which opens it with the size chosen. */
export function sizeUrl(publicUrl: string, s: Pick<AlertSize, 'slug' | 'variantId'>): string {
  return `${publicUrl}/products/${encodeURIComponent(s.slug)}?variant=${encodeURIComponent(s.variantId)}`;
}

/** To the shop: a size went down to its low-stock threshold. */
export function lowStockMail(brand: string, shopEmail: string, publicUrl: string, adminPrefix: string, s: AlertSize, quantity: number, threshold: number): Mail {
  const title = sizeTitle(s);
  const left = quantity === 0 ? 'is sold out' : `is down to ${quantity} ${quantity === 1 ? 'unit' : 'units'}`;
  const text = [
    `${title} (SKU ${s.sku}) ${left}; you asked to hear when it reaches ${threshold}.`,
    '',
    `Restock it in the admin: ${publicUrl}/${adminPrefix}/products`,
  ].join('\n');
  const html = mailLayout(
    brand,
    `<p><strong>${escapeHtml(title)}</strong> (SKU ${escapeHtml(s.sku)}) ${escapeHtml(left)}; you asked to hear when it reaches ${threshold}.</p>
<p><a href="${escapeHtml(`${publicUrl}/${adminPrefix}/products`)}">Restock it in the admin</a></p>`,
  );
  return { to: shopEmail, subject: `Low stock: ${title} ${quantity === 0 ? 'sold out' : `down to ${quantity}`}`, text, html };
}

/** To a subscriber: the size they asked about is back, with the link to it and the unsubscribe link. */
export function backInStockMail(brand: string, to: string, link: string, unsubscribeLink: string, s: AlertSize): Mail {
  const title = sizeTitle(s);
  const text = [
    `Good news: ${title} is back in stock at ${brand}.`,
    '',
    `Order it here: ${link}`,
    '',
    `You asked us to tell you when it was back; this is the only mail we send for it.`,
    `Not interested any more? Unsubscribe: ${unsubscribeLink}`,
  ].join('\n');
  const html = mailLayout(
    brand,
    `<p>Good news: <strong>${escapeHtml(title)}</strong> is back in stock.</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#3f5a2a;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">Order it now</a></p>
<p style="font-size:13px;color:#7a705c">You asked us to tell you when it was back; this is the only mail we send for it.
<a href="${escapeHtml(unsubscribeLink)}" style="color:#7a705c">Unsubscribe</a></p>`,
  );
  return { to, subject: `${title} is back in stock`, text, html };
}

export type UnsubscribeOutcome = 'unsubscribed' | 'not_found';

/** The page the unsubscribe link answers. */
export function unsubscribePage(brand: string, publicUrl: string, outcome: UnsubscribeOutcome): { status: 200 | 404; html: string; message: string } {
  const pages = {
    unsubscribed: { status: 200 as const, title: 'You are unsubscribed', body: 'We will not email you about this product again.' },
    not_found: { status: 404 as const, title: 'Link not recognised', body: 'This unsubscribe link is not valid. Please use the link from your latest mail.' },
  };
  const p = pages[outcome];
  const html = linkPage(brand, p.title, p.body, [{ href: `${publicUrl}/`, text: 'Back to the shop' }]);
  return { status: p.status, html, message: `${p.title}. ${p.body}` };
}

/** The page's own policy: the API's `default-src 'none'`, with its one inline style allowed. */
export const UNSUBSCRIBE_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
