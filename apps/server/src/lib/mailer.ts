/** Outgoing mail: SMTP when SMTP_URL is set, otherwise one .eml file per mail in the outbox folder. */
import { mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

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
      const info = await transport.sendMail({ from: opts.from, ...mail });
      const safeTo = mail.to.replace(/[^a-z0-9@._-]/gi, '_');
      const file = join(opts.outboxDir, `${Date.now()}-${process.pid}-${++counter}-${safeTo}.eml`);
      await writeFile(file, info.message as Buffer);
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      opts.log.info({ to: mail.to, subject: mail.subject, file, links }, 'mail written to outbox');
    },
  };
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
