/** Outgoing mail: SMTP when SMTP_URL is set, otherwise one .eml file per mail in the outbox folder. */
import { mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type NodemailerMail from 'nodemailer/lib/mailer/index.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /** Files sent with the mail (the tax invoice PDF). */
  attachments?: Array<{ filename: string; content: Buffer; contentType: string }>;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  log: { info(obj: object, msg: string): void };
}

export function createMailer(opts: MailerOptions): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: opts.from, ...mail });
      },
    };
  }
  // streamTransport renders the full MIME message without any network.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  mkdirSync(opts.outboxDir, { recursive: true });
  let counter = 0;
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: opts.from, ...mail, ...readableParts(mail) });
      const safeTo = mail.to.replace(/[^a-z0-9@._-]/gi, '_');
      const file = join(opts.outboxDir, `${Date.now()}-${process.pid}-${++counter}-${safeTo}.eml`);
      await writeFile(file, info.message as Buffer);
      // Never the mail's links: a reset or verification link in a log is a key to the account for anyone who reads it.
      opts.log.info({ to: mail.to, subject: mail.subject, file }, 'mail written to outbox');
    },
  };
}

/** RFC 5322's longest line; an 8bit part may not have longer ones. */
const MAX_LINE_BYTES = 998;

/**
 * The text and HTML parts of an outbox file as they are (8bit), so a link reads whole in any editor. Nodemailer
 * would write quoted-printable, which breaks every line after 76 characters with "=", and a verification link
 * in the middle. Mail programs read 8bit too; a part with a line too long for it is left to nodemailer.
 */
function readableParts(mail: Mail): { text?: NodemailerMail.AttachmentLike; html?: NodemailerMail.AttachmentLike } {
  const part = (type: string, body: string): NodemailerMail.AttachmentLike | undefined => {
    const lines = body.split(/\r?\n/);
    if (lines.some((line) => Buffer.byteLength(line) > MAX_LINE_BYTES)) return undefined;
    // `raw` (a whole MIME part, headers included) is taken for text and html too, though typed only for attachments.
    const node: NodemailerMail.Attachment = {
      raw: `Content-Type: ${type}; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n${lines.join('\r\n')}`,
    };
    return node;
  };
  const text = part('text/plain', mail.text);
  const html = part('text/html', mail.html);
  return { ...(text ? { text } : {}), ...(html ? { html } : {}) };
}

/** Minimal escaping for text placed into mail HTML. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** The brand's HTML frame around a mail body, so every mail looks like it comes from the farm. */
export function mailLayout(brandName: string, bodyHtml: string): string {
  const brand = escapeHtml(brandName);
  return `<!doctype html><html><body style="margin:0;background:#f6f1e7;font-family:Georgia,serif;color:#2f2a1f">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#fff;border-radius:8px;overflow:hidden">
<tr><td style="background:#3f5a2a;color:#fff;padding:16px 24px;font-size:20px;font-weight:bold">${brand}</td></tr>
<tr><td style="padding:24px;font-size:15px;line-height:1.6">${bodyHtml}</td></tr>
<tr><td style="padding:16px 24px;font-size:12px;color:#7a705c;border-top:1px solid #eee">${brand}: pure products from our farm.</td></tr>
</table></td></tr></table></body></html>`;
}

/** A mail to a customer by name: "Hello <name>," first, the brand's name signs the text, the HTML in the brand's frame. */
export function greetingMail(brand: string, to: string, name: string, subject: string, textLines: string[], bodyHtml: string): Mail {
  return {
    to,
    subject,
    text: [`Hello ${name},`, '', ...textLines, '', brand].join('\n'),
    html: mailLayout(brand, `<p>Hello ${escapeHtml(name)},</p>\n${bodyHtml}`),
  };
}

/** The page a mail's link opens (a COD confirmation, an unsubscribe): plain, in the brand's colours, with no script. */
export function linkPage(brand: string, title: string, body: string, links: Array<{ href: string; text: string }>): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} | ${escapeHtml(brand)}</title>
<style>body{margin:0;background:#f6f1e7;font-family:Georgia,serif;color:#2f2a1f}main{max-width:560px;margin:48px auto;background:#fff;border-radius:8px;padding:32px}h1{font-size:24px;color:#3f5a2a;margin-top:0}.brand{font-weight:bold;color:#3f5a2a;margin-bottom:24px}a{color:#3f5a2a}</style>
</head><body><main><div class="brand">${escapeHtml(brand)}</div><h1>${escapeHtml(title)}</h1><p>${escapeHtml(body)}</p>
<p>${links.map((l) => `<a href="${escapeHtml(l.href)}">${escapeHtml(l.text)}</a>`).join(' &middot; ')}</p></main></body></html>`;
}
