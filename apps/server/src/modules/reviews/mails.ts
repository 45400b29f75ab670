/** The review ask: a mail some days after a line was Delivered (issue 33). */
import { escapeHtml, mailLayout, type Mail } from '../../lib/mailer.js';

export interface AskLine {
  name: string;
  email: string;
  productName: string;
  slug: string;
}

export function reviewAskMail(brand: string, publicUrl: string, l: AskLine): Mail {
  const link = `${publicUrl}/products/${encodeURIComponent(l.slug)}#reviews`;
  const first = l.name.trim().split(/\s+/)[0] || 'there';
  const text = [
    `Hello ${first},`,
    '',
    `How are you finding the ${l.productName}? A few words from you help other families choose, and help us make it better.`,
    '',
    `Write your review: ${link}`,
    '',
    `Thank you for buying from ${brand}.`,
  ].join('\n');
  const html = mailLayout(
    brand,
    `<p>Hello ${escapeHtml(first)},</p>
<p>How are you finding the <strong>${escapeHtml(l.productName)}</strong>? A few words from you help other families choose, and help us make it better.</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#3f5a2a;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">Write your review</a></p>
<p>Thank you for buying from ${escapeHtml(brand)}.</p>`,
  );
  return { to: l.email, subject: `How is your ${l.productName}?`, text, html };
}
