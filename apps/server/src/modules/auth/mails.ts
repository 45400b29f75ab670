/** The account mails: readable text, and the same in the brand's HTML frame. */
import type { Mail } from '../../lib/mailer.js';
import { escapeHtml, mailLayout } from '../../lib/mailer.js';

function button(link: string, label: string): string {
  const href = escapeHtml(link);
  return `<p style="margin:24px 0"><a href="${href}" style="background:#3f5a2a;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(label)}</a></p>
<p style="font-size:13px;color:#7a705c">If the button does not work, copy this link into your browser:<br><a href="${href}" style="color:#3f5a2a;word-break:break-all">${href}</a></p>`;
}

export function verificationMail(brand: string, to: string, name: string, link: string): Mail {
  return {
    to,
    subject: `Verify your email for ${brand}`,
    text: [
      `Hello ${name},`,
      '',
      `Thank you for creating an account at ${brand}. Please verify your email by opening this link (it is valid for 24 hours and can be used once):`,
      '',
      link,
      '',
      'If you did not create this account, you can ignore this mail.',
      '',
      brand,
    ].join('\n'),
    html: mailLayout(
      brand,
      `<p>Hello ${escapeHtml(name)},</p>
<p>Thank you for creating an account at ${escapeHtml(brand)}. Please verify your email to start shopping.</p>
${button(link, 'Verify my email')}
<p>The link is valid for 24 hours and can be used once. If you did not create this account, you can ignore this mail.</p>`,
    ),
  };
}

export function resetMail(brand: string, to: string, name: string, link: string): Mail {
  return {
    to,
    subject: `Reset your ${brand} password`,
    text: [
      `Hello ${name},`,
      '',
      `Someone (hopefully you) asked to reset the password of your ${brand} account. Open this link to choose a new password (it is valid for 30 minutes and can be used once):`,
      '',
      link,
      '',
      'If you did not ask for this, you can ignore this mail: your password stays as it is.',
      '',
      brand,
    ].join('\n'),
    html: mailLayout(
      brand,
      `<p>Hello ${escapeHtml(name)},</p>
<p>Someone (hopefully you) asked to reset the password of your ${escapeHtml(brand)} account.</p>
${button(link, 'Choose a new password')}
<p>The link is valid for 30 minutes and can be used once. If you did not ask for this, you can ignore this mail: your password stays as it is.</p>`,
    ),
  };
}
