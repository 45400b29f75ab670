/** msw: the network, and only the network, is mocked. Every test starts from these answers. */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { categories, homeTiles, rates, shopInfo, solutions } from './fixtures';

/** A path under the API, whatever origin the client resolved. */
export const apiPath = (path: string) => `*/api/${path}`;

const defaultHandlers = [
  http.get(apiPath('category'), () => HttpResponse.json({ categories })),
  http.get(apiPath('solutions'), () => HttpResponse.json({ solutions })),
  http.get(apiPath('products/currencyExchangeRates'), () => HttpResponse.json({ rates })),
  http.get(apiPath('shop-info'), () => HttpResponse.json(shopInfo)),
  // The home page, where many journeys end (login, 'All' in a menu): an empty shop unless a test says otherwise.
  http.get(apiPath('slider'), () => HttpResponse.json({ sliders: [] })),
  http.get(apiPath('home-tiles'), () => HttpResponse.json({ tiles: homeTiles })),
  http.get(apiPath('products/highlighted'), () => HttpResponse.json({ products: [] })),
  http.get(apiPath('products/list/1'), () => HttpResponse.json({ products: [] })),
];

export const server = setupServer(...defaultHandlers);

/** The server's error shape: `{ message }` with a status. */
export const fail = (status: number, message: string) => HttpResponse.json({ message }, { status });

/** Answers every POST to `path` with `answer` and returns the JSON bodies it was sent, oldest first (empty: no call). */
export function recordPosts(path: string, answer: object): unknown[] {
  const bodies: unknown[] = [];
  server.use(
    http.post(apiPath(path), async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json(answer);
    }),
  );
  return bodies;
}
