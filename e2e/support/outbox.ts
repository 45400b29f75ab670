import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { E2E_OUTBOX_DIR } from './env';

/** The newest mail in the outbox sent to `to` whose text contains a link under `linkPrefix`; answers the link. */
export async function linkFromOutbox(to: string, linkPrefix: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const safeTo = to.replace(/[^a-z0-9@._-]/gi, '_');
  while (Date.now() < deadline) {
    let files: string[] = [];
    try {
      files = readdirSync(E2E_OUTBOX_DIR).filter((f) => f.endsWith(`-${safeTo}.eml`)).sort().reverse();
    } catch {
      files = [];
    }
    for (const file of files) {
      // Quoted-printable soft line breaks ("=\n") and "=3D" would break the link apart.
      const text = readFileSync(join(E2E_OUTBOX_DIR, file), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const escaped = linkPrefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const match = new RegExp(`${escaped}[^\\s"'<>]+`).exec(text);
      if (match) return match[0];
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} with a link under ${linkPrefix}`);
}
