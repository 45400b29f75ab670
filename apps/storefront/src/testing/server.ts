/** msw: the network, and only the network, is mocked. Every test starts from these answers. */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { QuoteBody } from '@shop/domain/schemas/delivery';
import { categories, homeTiles, makeQuote, pincodes, rates, shopInfo, solutions } from './fixtures';

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
  // Delivery, as the server answers it for the PINs of fixtures.ts (the cart quotes wherever a PIN is known).
  http.get(apiPath('delivery/pincode/:pin'), ({ params }) => {
    const pin = String(params.pin);
    if (!/^[1-9][0-9]{5}$/.test(pin)) return HttpResponse.json({ message: `${pin} is not a PIN code: enter 6 digits` }, { status: 400 });
    const found = pincodes[pin];
    return found ? HttpResponse.json(found) : HttpResponse.json({ message: `PIN code ${pin} was not found` }, { status: 404 });
  }),
  http.post(apiPath('delivery/quote'), async ({ request }) => HttpResponse.json(makeQuote((await request.json()) as QuoteBody))),
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
