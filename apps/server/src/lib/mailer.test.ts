import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMailer, escapeHtml, mailLayout } from './mailer.js';

let outbox: string;
const log = { info: vi.fn() };

beforeEach(() => {
  outbox = mkdtempSync(join(tmpdir(), 'shop-outbox-'));
  log.info.mockClear();
});
afterEach(() => rmSync(outbox, { recursive: true, force: true }));

/** The body of the MIME part with this content type, quoted-printable decoded. */
function part(raw: string, contentType: string): string {
  // MIME line ends are CRLF; compare with plain \n.
  const eml = raw.replace(/\r\n/g, '\n');
  const start = eml.indexOf(`Content-Type: ${contentType}`);
  expect(start).toBeGreaterThan(-1);
  const headerEnd = eml.indexOf('\n\n', start);
  const headers = eml.slice(start, headerEnd);
  const body = eml.slice(headerEnd + 2, eml.indexOf('\n----', headerEnd));
  if (!/quoted-printable/i.test(headers)) return body;
  const bytes = body.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function outboxFiles(): string[] {
  return readdirSync(outbox).filter((f) => f.endsWith('.eml'));
}

describe('createMailer without SMTP_URL (outbox mode)', () => {
  it('writes one readable .eml per mail with subject, text and HTML parts and the brand', async () => {
    const mailer = createMailer({ smtpUrl: undefined, from: 'Shuddh Farm <no-reply@shuddhfarm.in>', outboxDir: outbox, log });
    await mailer.send({
      to: 'asha@example.com',
      subject: 'Reset your password',
      text: 'Open http://shop.test/change-password/abc123 to set a new password.',
      html: mailLayout('Shuddh Farm', '<p>Open <a href="http://shop.test/change-password/abc123">this link</a> to set a new password.</p>'),
      replyTo: 'hello@shuddhfarm.in',
    });
    const files = outboxFiles();
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/asha@example\.com\.eml$/);
    const eml = readFileSync(join(outbox, files[0]!), 'utf8');
    expect(eml).toMatch(/^From: Shuddh Farm <no-reply@shuddhfarm\.in>$/m);
    expect(eml).toMatch(/^To: asha@example\.com$/m);
    expect(eml).toMatch(/^Reply-To: hello@shuddhfarm\.in$/m);
    expect(eml).toMatch(/^Subject: Reset your password$/m);
    expect(eml).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(part(eml, 'text/plain')).toContain('Open http://shop.test/change-password/abc123 to set a new password.');
    const html = part(eml, 'text/html');
    expect(html).toContain('<a href="http://shop.test/change-password/abc123">this link</a>');
    expect(html).toContain('Shuddh Farm</td>');
    expect(html).toContain('Shuddh Farm: pure products from our farm.');
    // The log says where the mail is, never its links (a reset link is a key to the account).
    expect(log.info).toHaveBeenCalledWith({ to: 'asha@example.com', subject: 'Reset your password', file: join(outbox, files[0]!) }, 'mail written to outbox');
    expect(JSON.stringify(log.info.mock.calls)).not.toContain('abc123');
  });

  it('keeps a long link on one line of the .eml, in the text and in the HTML, so it can be copied from the file', async () => {
    const mailer = createMailer({ smtpUrl: undefined, from: 'Shuddh Farm <no-reply@shuddhfarm.in>', outboxDir: outbox, log });
    const link = `https://shop.shuddhfarm.example.in/api/auth/verify-email/${'Ab3_-'.repeat(9)}Zz`;
    expect(link.length).toBeGreaterThan(76);
    await mailer.send({
      to: 'asha@example.com',
      subject: 'Verify your email',
      text: `Hello राम कुमार,\n\nPlease open this link:\n\n${link}\n`,
      html: mailLayout('Shuddh Farm', `<p>Hello राम कुमार,</p><p><a href="${link}">${link}</a></p>`),
    });
    const raw = readFileSync(join(outbox, outboxFiles()[0]!), 'utf8');
    // Read as plain text, without decoding anything: every line holding the link holds all of it.
    const lines = raw.split(/\r?\n/).filter((line) => line.includes('verify-email'));
    expect(lines.length).toBe(2);
    for (const line of lines) expect(line).toContain(link);
    expect(raw).not.toMatch(/quoted-printable/i);
    expect(part(raw, 'text/plain')).toContain('Hello राम कुमार,');
  });

  it('encodes non-ASCII subjects and never lets a subject add headers', async () => {
    const mailer = createMailer({ smtpUrl: undefined, from: 'Shuddh Farm <no-reply@shuddhfarm.in>', outboxDir: outbox, log });
    await mailer.send({ to: 'a@example.com', subject: 'Order of ₹ 995\r\nBcc: evil@example.com', text: 'hi', html: '<p>hi</p>' });
    const eml = readFileSync(join(outbox, outboxFiles()[0]!), 'utf8');
    expect(eml).toMatch(/^Subject: =\?UTF-8\?/m);
    expect(eml).not.toMatch(/^Bcc:/im);
  });

  it('keeps every file inside the outbox whatever the recipient looks like', async () => {
    const mailer = createMailer({ smtpUrl: undefined, from: 'Shop <a@b.in>', outboxDir: outbox, log });
    await mailer.send({ to: '../../etc/evil@example.com', subject: 's', text: 't', html: '<p>h</p>' });
    await mailer.send({ to: 'b@example.com', subject: 's2', text: 't', html: '<p>h</p>' });
    const files = outboxFiles();
    expect(files).toHaveLength(2);
    for (const f of files) expect(f).not.toContain('/');
  });

  it('creates the outbox folder when it does not exist', async () => {
    const nested = join(outbox, 'deep', 'outbox');
    const mailer = createMailer({ smtpUrl: undefined, from: 'Shop <a@b.in>', outboxDir: nested, log });
    await mailer.send({ to: 'c@example.com', subject: 's', text: 't', html: '<p>h</p>' });
    expect(readdirSync(nested)).toHaveLength(1);
  });
});

describe('escapeHtml and mailLayout', () => {
  it('escapes the five HTML special characters', () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;');
  });

  it('frames the body with the escaped brand name', () => {
    const html = mailLayout('Farm <b>&</b> Co', '<p>Body</p>');
    expect(html).toContain('<p>Body</p>');
    expect(html).toContain('Farm &lt;b&gt;&amp;&lt;/b&gt; Co');
    expect(html).not.toContain('<b>&</b>');
    expect(html.startsWith('<!doctype html>')).toBe(true);
  });
});
