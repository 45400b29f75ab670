import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const dataDir = mkdtempSync(join(tmpdir(), 'shop-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const production = {
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  ADMIN_EMAIL: 'owner@farm.example',
  ADMIN_PASSWORD: 'owner-password-1',
  ADMIN_SECRET_KEY: 'owner-secret-key',
  JWT_SECRET: 'a-production-jwt-secret-that-is-long-enough-0123456789',
  PAYMENT_PROVIDER: 'sandbox',
  RAZORPAY_WEBHOOK_SECRET: 'webhook-secret',
};

describe('mail settings in production', () => {
  it('refuses to start without SMTP_URL, saying why and what to set', () => {
    expect(() => loadConfig(production)).toThrow(ConfigError);
    expect(() => loadConfig(production)).toThrow(/^SMTP_URL must be set when NODE_ENV=production: without it no mail .* reaches anyone/);
  });

  it('starts with SMTP_URL, or with an outbox folder chosen on purpose (MAIL_OUTBOX_DIR)', () => {
    expect(loadConfig({ ...production, SMTP_URL: 'smtps://u:p@smtp.example.in:465' }).mail.smtpUrl).toBe('smtps://u:p@smtp.example.in:465');
    const outbox = join(dataDir, 'staging-outbox');
    expect(loadConfig({ ...production, MAIL_OUTBOX_DIR: outbox }).mail).toMatchObject({ smtpUrl: undefined, outboxDir: outbox });
  });

  it('outside production, mail goes to the outbox under DATA_DIR (an absolute path) by default', () => {
    const mail = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir }).mail;
    expect(mail.smtpUrl).toBeUndefined();
    expect(mail.outboxDir).toBe(join(dataDir, 'outbox'));
  });
});

describe("product label details (issue 28: what a listing says when the product has none of its own)", () => {
  const dev = { NODE_ENV: 'development', DATA_DIR: dataDir };

  it("defaults to the shop's legal name, address, email (and phone when set), made in India", () => {
    const label = loadConfig({ ...dev, SHOP_LEGAL_NAME: 'Gir Farms LLP', SHOP_ADDRESS: 'Rajkot 360001', SHOP_EMAIL: 'care@gir.example', SHOP_PHONE: '+91 98765 43210' })
      .productLabel;
    expect(label).toEqual({
      packer: 'Gir Farms LLP, Rajkot 360001',
      countryOfOrigin: 'India',
      bestBefore: 'Best before the date printed on the pack',
      consumerCare: 'Gir Farms LLP, Rajkot 360001. Phone +91 98765 43210, email care@gir.example',
    });
    expect(loadConfig({ ...dev, SHOP_EMAIL: 'care@gir.example' }).productLabel.consumerCare).not.toContain('Phone');
  });

  it('takes each from its own setting; a blank one is the default', () => {
    const label = loadConfig({
      ...dev,
      SHOP_PACKER: 'Packed by Sahyadri Co-op, Nashik',
      SHOP_COUNTRY_OF_ORIGIN: 'Nepal',
      SHOP_BEST_BEFORE: 'Best before 9 months from packing',
      SHOP_CONSUMER_CARE: ' ',
    }).productLabel;
    expect(label).toMatchObject({ packer: 'Packed by Sahyadri Co-op, Nashik', countryOfOrigin: 'Nepal', bestBefore: 'Best before 9 months from packing' });
    expect(label.consumerCare).toContain('hello@shuddhfarm.in');
  });
});
