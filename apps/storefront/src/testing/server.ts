/** msw: the network, and only the network, is mocked. Every test starts from these answers. */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { QuoteBody } from '@shop/domain/schemas/delivery';
import type { CartItem, Product } from '@shop/domain/schemas/products';
import type { User } from '@shop/domain/schemas/users';
import { cartDetailOf, categories, homeTiles, makeQuote, pincodes, rates, shopInfo, solutions } from './fixtures';

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
  // A product's reviews (issue 33): none published, and none of the signed-in customer's, unless a test says otherwise.
  http.get(apiPath('products/:id/reviews'), () =>
    HttpResponse.json({ average: 0, count: 0, counts: [5, 4, 3, 2, 1].map((rating) => ({ rating, count: 0 })), reviews: [] }),
  ),
  http.get(apiPath('products/:id/reviews/mine'), () => HttpResponse.json({ review: null })),
  // Delivery, as the server answers it for the PINs of fixtures.ts (the cart quotes wherever a PIN is known).
  http.get(apiPath('delivery/pincode/:pin'), ({ params }) => {
    const pin = String(params.pin);
    if (!/^[1-9][0-9]{5}$/.test(pin)) return HttpResponse.json({ message: `${pin} is not a PIN code: enter 6 digits` }, { status: 400 });
    const found = pincodes[pin];
    return found ? HttpResponse.json(found) : HttpResponse.json({ message: `PIN code ${pin} was not found` }, { status: 404 });
  }),
  // Orders beside each checkout: no refunds, no reports, Cancel not offered (the after-sales tests answer their own).
  http.get(apiPath('checkouts/after-sales'), () => HttpResponse.json({ checkouts: [] })),
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

/**
 * products/getcart answered like the server: current details for the products and sizes of `known` (no size: the
 * default); the bodies it was sent go to `bodies`, oldest first.
 */
export function cartHandler(known: Product[], bodies: Array<{ cart: CartItem[] }> = []) {
  return http.post(apiPath('products/getcart'), async ({ request }) => {
    const body = (await request.json()) as { cart: CartItem[] };
    bodies.push(body);
    return HttpResponse.json({
      cartDetails: body.cart.flatMap((i) => {
        const p = known.find((k) => k._id === i._id);
        if (!p || (i.variant && !p.variants.some((v) => v._id === i.variant))) return [];
        return [cartDetailOf(p, i.cart_quantity, i.variant)];
      }),
    });
  });
}

/** delivery/quote answered by `answer` (the server's way by default); the bodies it was sent go to `bodies`. */
export function quoteHandler(bodies: QuoteBody[], answer: (body: QuoteBody) => Response = (body) => HttpResponse.json(makeQuote(body))) {
  return http.post(apiPath('delivery/quote'), async ({ request }) => {
    const body = (await request.json()) as QuoteBody;
    bodies.push(body);
    return answer(body);
  });
}

/** POST orders answered as cash-on-delivery order SF-10234 of `user` for `amount` paise (and `extra`); the bodies go to `bodies`. */
export function codOrderHandler(user: User, amount: number, bodies: unknown[], extra: object = {}) {
  return http.post(apiPath('orders'), async ({ request }) => {
    bodies.push(await request.json());
    return HttpResponse.json({
      amount,
      order_id: 'order_C1',
      name: user.name,
      email: user.email,
      phone: user.phone,
      payment_method: 'cod',
      order_number: 'SF-10234',
      ...extra,
    });
  });
}
