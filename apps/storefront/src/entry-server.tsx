/**
 * The server render of the public pages (loaded by the API server, see its modules/seo/page-routes.ts): the HTML of
 * the page as the app draws it, with the data it showed, so the shop's first screen comes with the first response
 * and the browser hydrates it instead of drawing it again after two round trips.
 *
 * The hooks start their queries while rendering in this build (lib/api.ts), so a render names what the page
 * needs; the queries run against the server itself (`fetch`), and the page is rendered again with their answers,
 * until a render asks for nothing new (a product page asks for its related products once it knows the product).
 * The visitor is drawn signed out, with an empty cart and prices in rupees, exactly as the browser hydrates it
 * (main.tsx restores the saved cart, currency and session right after).
 */
import { StrictMode, type ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppProvider } from './app/provider';
import { AppRoutes } from './app/router';
import { api } from './lib/api';
import { SiteOrigin } from './lib/site-origin';
import { makeStore } from './store/store';

export interface RenderOptions {
  /** Answers the api-client's requests (`/api/...`), e.g. in-process by the server. */
  fetch: typeof fetch;
  /** The shop's public origin, for the absolute URLs a page draws (JSON-LD). */
  origin: string;
}

export interface RenderedPage {
  /** The inside of `<div id="root">`. */
  html: string;
  /** The store state the browser starts from (main.tsx reads it back), as JSON. */
  state: string;
}

/** A page that still asks for new data after this many renders is drawn with what it has (its loading states). */
const MAX_PASSES = 4;

async function toHtml(node: ReactNode): Promise<string> {
  // Every boundary inline, however large: an outlined one would be moved into place by an inline script, which
  // the shop's Content-Security-Policy (script-src 'self') blocks, and the page needs no progressive streaming.
  const { prelude } = await prerenderToNodeStream(node, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

export async function render(url: string, options: RenderOptions): Promise<RenderedPage> {
  const store = makeStore({}, { fetch: options.fetch });
  const app = (
    <StrictMode>
      <SiteOrigin.Provider value={options.origin}>
        <AppProvider store={store}>
          <StaticRouter location={url}>
            <AppRoutes />
          </StaticRouter>
        </AppProvider>
      </SiteOrigin.Provider>
    </StrictMode>
  );
  let html = '';
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const before = store.getState()[api.reducerPath].queries;
    html = await toHtml(app);
    await Promise.all(store.dispatch(api.util.getRunningQueriesThunk()));
    // A render that learnt nothing new drew the page with all its data. RTK Query asks again for a query that failed
    // whenever a component subscribes to it, as each pass's fresh components do; the pages draw a failure that is
    // being asked again as that failure (its `error` stays), so a failure answered again is nothing new.
    const after = store.getState()[api.reducerPath].queries;
    const failedBefore = (key: string) => (before[key] as { status?: string } | undefined)?.status === 'rejected';
    const learnt = Object.entries(after).some(
      ([key, query]) => query !== before[key] && !((query as { status?: string } | undefined)?.status === 'rejected' && failedBefore(key)),
    );
    if (!learnt) break;
  }
  return { html, state: JSON.stringify({ [api.reducerPath]: store.getState()[api.reducerPath] }) };
}
