import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop, expectInvalidJsonRefused, itAnswers400ForEach, missingFieldCases } from '../../test/harness.js';
import { contactMessages } from '../../db/schema.js';

let shop: TestShop;
/** A shop whose mailer always fails, as when SMTP is down. */
let broken: TestShop;
let brokenAttempts = 0;
beforeAll(async () => {
  shop = await createTestShop({ SHOP_EMAIL: 'farm@example.com' });
  broken = await createTestShop(
    {},
    {
      mailer: {
        async send() {
          brokenAttempts++;
          throw new Error('SMTP connection refused');
        },
      },
    },
  );
});
afterAll(async () => {
  await shop.close();
  await broken.close();
});

let ipCounter = 0;
const newIp = () => `10.5.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

function send(target: TestShop, payload: unknown, remoteAddress = newIp()) {
  return target.request({ method: 'POST', url: '/api/auth/sendmail', payload: payload as object, remoteAddress });
}

describe('POST /api/auth/sendmail', () => {
  it('stores the message and mails it to the shop, reply-to the sender', async () => {
    const payload = { name: 'Asha <b>Rao</b>', email: 'asha@example.com', message: 'Do you ship ghee to Dubai?\nThanks' };
    const res = await send(shop, payload);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Message Sent Successfully' });

    const rows = await shop.db.select().from(contactMessages).where(eq(contactMessages.email, 'asha@example.com'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Asha <b>Rao</b>', message: 'Do you ship ghee to Dubai?\nThanks' });
    expect(rows[0]!.mailedAt).toBeInstanceOf(Date);

    const mail = shop.mails.at(-1)!;
    expect(mail.to).toBe('farm@example.com');
    expect(mail.replyTo).toBe('asha@example.com');
    expect(mail.subject).toBe('Shuddh Farm: message from Asha <b>Rao</b> via the website');
    expect(mail.text).toContain('Do you ship ghee to Dubai?');
    expect(mail.html).toContain('Asha &lt;b&gt;Rao&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>Rao</b>');
  });

  it('keeps line breaks out of the subject: a name spanning lines is refused, the message may span lines', async () => {
    const before = shop.mails.length;
    const res = await send(shop, { name: 'Eve\r\nBcc: victim@example.com', email: 'eve@example.com', message: 'hi' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Name contains characters that are not allowed' });
    expect(shop.mails.length).toBe(before);
    const ok = await send(shop, { name: 'Eve', email: 'eve@example.com', message: 'first line\nsecond line\ttabbed' });
    expect(ok.statusCode).toBe(200);
    expect(shop.mails.at(-1)!.subject).not.toMatch(/[\r\n]/);
  });

  it('keeps the message and still answers success when the mail fails', async () => {
    const before = brokenAttempts;
    const res = await send(broken, { name: 'Ravi', email: 'ravi@example.com', message: 'Is the hair oil in stock?' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Message Sent Successfully' });
    expect(brokenAttempts).toBe(before + 1);
    const rows = await broken.db.select().from(contactMessages).where(eq(contactMessages.email, 'ravi@example.com'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Ravi', message: 'Is the hair oil in stock?', mailedAt: null });
  });

  it('limits messages per address', async () => {
    const ip = newIp();
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await send(shop, { name: 'Flood', email: `flood-${i}@example.com`, message: 'spam' }, ip)).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('limits messages per email', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await send(shop, { name: 'Same', email: 'same-sender@example.com', message: `note ${i}` })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('answers "Please fill all the fields" for blank fields', async () => {
    const res = await send(shop, { name: '   ', email: 'blank@example.com', message: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Please fill all the fields' });
  });

  const ok = { name: 'Asha', email: 'asha@example.com', message: 'Hello' };
  const bad: Array<[string, unknown]> = [
    ...missingFieldCases(ok),
    ['an empty message', { ...ok, message: '' }],
    ['a bad email', { ...ok, email: 'asha' }],
    ['a number as name', { ...ok, name: 7 }],
    ['a number as message', { ...ok, message: 7 }],
    ['an oversize name', { ...ok, name: 'n'.repeat(1000) }],
    ['an oversize message', { ...ok, message: 'm'.repeat(50_000) }],
  ];
  itAnswers400ForEach(bad, (payload) => send(shop, payload));

  it('answers 400 to malformed JSON', async () => {
    await expectInvalidJsonRefused(shop, { method: 'POST', url: '/api/auth/sendmail', payload: '{"name": "Asha", "email"', remoteAddress: newIp() });
  });
});
