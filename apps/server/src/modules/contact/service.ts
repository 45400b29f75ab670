/** The about-us contact form: every message is stored first, then mailed to the shop. */
import { eq } from 'drizzle-orm';
import type { SendMailBody } from '@shop/domain/schemas/auth';
import type { Deps } from '../../plugins/deps.js';
import { contactMessages } from '../../db/schema.js';
import { escapeHtml, mailLayout, type Mail } from '../../lib/mailer.js';

/** Names go into a mail subject: no line breaks or other control characters there. */
function oneLine(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
}

function contactMail(brand: string, to: string, msg: SendMailBody): Mail {
  const name = oneLine(msg.name);
  return {
    to,
    replyTo: msg.email,
    subject: `${brand}: message from ${name} via the website`,
    text: [`New message from the contact form of ${brand}.`, '', `Name: ${name}`, `Email: ${msg.email}`, '', msg.message, '', 'Reply to this mail to answer.'].join('\n'),
    html: mailLayout(
      brand,
      `<p>New message from the contact form.</p>
<p><strong>Name:</strong> ${escapeHtml(name)}<br><strong>Email:</strong> ${escapeHtml(msg.email)}</p>
<blockquote style="margin:16px 0;padding:12px 16px;background:#f6f1e7;border-left:4px solid #3f5a2a;white-space:pre-wrap">${escapeHtml(msg.message)}</blockquote>
<p style="font-size:13px;color:#7a705c">Reply to this mail to answer.</p>`,
    ),
  };
}

export type ContactDeps = Pick<Deps, 'db' | 'config' | 'mailer' | 'now' | 'log'>;

export function createContactService(deps: ContactDeps) {
  const { db, config, mailer, now, log } = deps;
  return {
    /** Stores the message, then mails it; a mail failure is logged and the message stays with mailed_at null. */
    async send(body: SendMailBody): Promise<void> {
      const msg = { name: body.name.trim(), email: body.email.trim(), message: body.message.trim() };
      const [row] = await db.insert(contactMessages).values(msg).returning({ id: contactMessages.id });
      try {
        await mailer.send(contactMail(config.brandName, config.shopEmail, msg));
        await db.update(contactMessages).set({ mailedAt: now() }).where(eq(contactMessages.id, row!.id));
      } catch (err) {
        log.error({ err, contactMessageId: row!.id }, 'contact message stored but not mailed');
      }
    },
  };
}
