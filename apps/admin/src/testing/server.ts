/** The network, and only the network, is mocked in tests (msw); an unhandled request fails the test. */
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';

const API = 'http://shop.test/api';

/** Full URL of an API path, as the api-client requests it. */
export const api = (path: string) => `${API}/${path.replace(/^\//, '')}`;

/**
 * Every test starts from a shop where no checkout has refunds, problem reports or history yet (the order detail asks
 * for them beside every paid order); a test that needs them answers its own.
 */
export const server = setupServer(
  http.get(api('checkouts/:orderId/after-sales'), ({ params }) =>
    HttpResponse.json({
      order_id: String(params.orderId),
      order_number: 'SF-10234',
      cancel: { allowed: false, request_allowed: false },
      refunds: [],
      paid: 0,
      refunded: 0,
      refundable: 0,
      problems: [],
      lines: [],
    }),
  ),
  http.get(api('checkouts/:orderId/timeline'), () => HttpResponse.json({ events: [] })),
);

/** The server's error answer: `{ message }` with a status. */
export const fail = (status: number, message: string) => HttpResponse.json({ message }, { status });

export const ok = (body: JsonBodyType) => HttpResponse.json(body);

export { http, HttpResponse };
