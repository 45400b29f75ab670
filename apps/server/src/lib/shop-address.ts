/** The address the start-up banner prints: where a visitor reaches the shop, not always localhost. */

/** Listening on every interface: the machine's own name for it is localhost. */
const EVERY_INTERFACE = new Set(['', '0.0.0.0', '::', '[::]']);

/**
 * PUBLIC_URL when it is set (the shop behind a proxy or on its own domain); otherwise the address the server
 * listens on: `HOST` when it names one interface (e.g. 127.0.0.1 or 192.168.1.20), localhost when it is every one.
 * `port` is the port actually bound (PORT=0 picks a free one).
 */
export function shopAddress(opts: { host: string; port: number; publicUrl: string; publicUrlFromEnv: boolean }): string {
  if (opts.publicUrlFromEnv) return opts.publicUrl.replace(/\/+$/, '');
  const host = EVERY_INTERFACE.has(opts.host) ? 'localhost' : opts.host.includes(':') && !opts.host.startsWith('[') ? `[${opts.host}]` : opts.host;
  return `http://${host}:${opts.port}`;
}
