/**
 * The storefront's server render (apps/storefront/src/entry-server.tsx, built into the storefront's dist/.ssr):
 * the HTML of a public page as the app draws it, and the data it drew, so the page's first screen (the hero, the
 * product's photo and name, the product grid) comes with the first response. Its API calls are answered
 * in-process (`app.inject`), through the same routes, caching and serialisation the browser would get.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { maskUrl } from '../../lib/log.js';

interface RenderedPage {
  html: string;
  state: string;
}

interface StorefrontRenderer {
  render(url: string, options: { fetch: typeof fetch; origin: string }): Promise<RenderedPage>;
}

export type PageRenderer = (url: string) => Promise<RenderedPage | undefined>;

const NULL_BODY_STATUS = new Set([101, 204, 205, 304]);

/** A fetch answered by `app` itself, without a socket: what the server render's api-client calls. */
function inProcessFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const { pathname, search } = new URL(url, 'http://in-process');
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: pathname + search,
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    return new Response(NULL_BODY_STATUS.has(res.statusCode) ? null : res.rawPayload, { status: res.statusCode, headers });
  };
}

/**
 * The server render of the built storefront at `storefrontDist`, or undefined when it was not built with one
 * (then the pages are the app's bare index.html, drawn by the browser). A page whose render fails is logged and
 * sent bare: the browser draws it as before.
 */
export function storefrontRenderer(app: FastifyInstance, storefrontDist: string, origin: string): PageRenderer | undefined {
  const entry = join(storefrontDist, '.ssr', 'entry-server.js');
  if (!existsSync(entry)) return undefined;
  // Loaded at once (a large module), so the first visitor does not wait for it.
  const loaded = import(pathToFileURL(entry).href) as Promise<StorefrontRenderer>;
  loaded.catch((err: unknown) => app.log.error({ err }, 'the storefront server render could not be loaded'));
  const fetch = inProcessFetch(app);
  return async (url) => {
    try {
      return await (await loaded).render(url, { fetch, origin });
    } catch (err) {
      app.log.error({ err, url: maskUrl(url) }, 'server render failed; the page is sent for the browser to draw');
      return undefined;
    }
  };
}
