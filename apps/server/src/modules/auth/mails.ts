/** The account mails: readable text, and the same in the brand's HTML frame. */
import type { Mail } from '../../lib/mailer.js';
import { escapeHtml, mailLayout } from '../../lib/mailer.js';

/** The longest name an account may have (the register and profile forms' limit); a greeting never shows more. */
const GREETING_NAME_MAX = 100;

/**
 * Words in any script, separated by spaces, apostrophes or hyphens, or by a dot that ends a word ("Dr. Asha").
 * Nothing a mail program turns into a link or a call: no digits, no "@", no ":" or "/", no dot inside a word.
 */
const PLAIN_NAME = /^[\p{L}\p{M}]+(?:(?:[ '’-]+|\. +)[\p{L}\p{M}]+)*\.?$/u;

/**
 * The name as a mail may greet it, or undefined. Anyone can register any name with anyone's address, and mail
 * programs link whatever looks like a web address or a phone number: "Hello www.pay-here.example, call 98200 12345"
 * in the shop's branding is a phishing mail. So a name is shown only when it is plain words, cut to the allowed
 * length, as text (escaped in HTML); any other name is left out and the mail says "Hello,".
 */
function greetingName(name: string): string | undefined {
  const cut = Array.from(name.trim().replace(/\s+/g, ' ')).slice(0, GREETING_NAME_MAX).join('').trim();
  return PLAIN_NAME.test(cut) ? cut : undefined;
}

function greeting(name: string | undefined): { text: string; html: string } {
  const shown = name === undefined ? undefined : greetingName(name);
  return shown === undefined ? { text: 'Hello,', html: '<p>Hello,</p>' } : { text: `Hello ${shown},`, html: `<p>Hello ${escapeHtml(shown)},</p>` };
}

function button(link: string, label: string): string {
  const href = escapeHtml(link);
  return `<p style="margin:24px 0"><a href="${href}" style="background:#3f5a2a;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(label)}</a></p>
<p style="font-size:13px;color:#7a705c">If the button does not work, copy this link into your browser:<br><a href="${href}" style="color:#3f5a2a;word-break:break-all">${href}</a></p>`;
}

/** A mail that greets the account's owner and carries one link: in the text between two paragraphs, in HTML as a button. */
function linkMail(
  brand: string,
  mail: { to: string; subject: string; name: string; link: string; before: string; after: string; html: (hello: string) => string },
): Mail {
  const hello = greeting(mail.name);
  return {
    to: mail.to,
    subject: mail.subject,
    text: [hello.text, '', mail.before, '', mail.link, '', mail.after, '', brand].join('\n'),
    html: mailLayout(brand, mail.html(hello.html)),
  };
}

export function verificationMail(brand: string, to: string, name: string, link: string): Mail {
  return linkMail(brand, {
    to,
    subject: `Verify your email for ${brand}`,
    name,
    link,
    before: `Thank you for creating an account at ${brand}. Please verify your email by opening this link (it is valid for 24 hours and can be used once):`,
    after: 'If you did not create this account, you can ignore this mail.',
    html: (hello) => `${hello}
<p>Thank you for creating an account at ${escapeHtml(brand)}. Please verify your email to start shopping.</p>
${button(link, 'Verify my email')}
<p>The link is valid for 24 hours and can be used once. If you did not create this account, you can ignore this mail.</p>`,
  });
}

/**
 * To the owner of an address someone tried to register again. It greets no one: the name on the account may be a
 * stranger's (an unverified sign-up), and the name just typed certainly is.
 */
export function registrationAttemptMail(brand: string, to: string, links: { login: string; forgetPassword: string }): Mail {
  return {
    to,
    subject: `Someone tried to register at ${brand} with your address`,
    text: [
      'Hello,',
      '',
      `Someone tried to register at ${brand} with your address. You already have an account with it, so nothing was changed.`,
      '',
      `If it was you, log in here: ${links.login}`,
      `Forgot your password, or never verified your email? Choose a new password here (that also verifies your email): ${links.forgetPassword}`,
      '',
      'If it was not you, you can ignore this mail: your account stays as it is.',
      '',
      brand,
    ].join('\n'),
    html: mailLayout(
      brand,
      `<p>Hello,</p>
<p>Someone tried to register at ${escapeHtml(brand)} with your address. You already have an account with it, so nothing was changed.</p>
${button(links.login, 'Log in')}
<p>Forgot your password, or never verified your email? <a href="${escapeHtml(links.forgetPassword)}" style="color:#3f5a2a">Choose a new password</a>; that also verifies your email.</p>
<p>If it was not you, you can ignore this mail: your account stays as it is.</p>`,
    ),
  };
}

export function resetMail(brand: string, to: string, name: string, link: string): Mail {
  return linkMail(brand, {
    to,
    subject: `Reset your ${brand} password`,
    name,
    link,
    before: `Someone (hopefully you) asked to reset the password of your ${brand} account. Open this link to choose a new password (it is valid for 30 minutes and can be used once):`,
    after: 'If you did not ask for this, you can ignore this mail: your password stays as it is.',
    html: (hello) => `${hello}
<p>Someone (hopefully you) asked to reset the password of your ${escapeHtml(brand)} account.</p>
${button(link, 'Choose a new password')}
<p>The link is valid for 30 minutes and can be used once. If you did not ask for this, you can ignore this mail: your password stays as it is.</p>`,
  });
}
