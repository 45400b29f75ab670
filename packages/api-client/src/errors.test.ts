import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE, createApiClient } from './index.js';

const BASE = 'http://shop.test/api';
const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const client = createApiClient({ baseUrl: BASE, getToken: () => 'tok' });

/** The rejection of a call that is expected to fail. */
async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('ApiError', () => {
  it.each([
    [400, 'name must have at least 1 character'],
    [401, 'Please log in'],
    [403, 'Your account is inactive'],
    [404, 'Product not found'],
    [409, 'Only 3 left in stock'],
    [429, 'Too many attempts, try again in a minute'],
    [500, 'Something went wrong'],
  ])('carries the server message and status of a %i', async (status, message) => {
    server.use(http.get(`${BASE}/products/:slug`, () => HttpResponse.json({ message }, { status })));

    const error = await failure(client.store.product('a2-ghee'));

    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ApiError');
    expect(error.message).toBe(message);
    expect(error.status).toBe(status);
    expect(error.body).toEqual({ message });
  });

  it('keeps the whole body, like a failed payment verification', async () => {
    const body = { success: false, message: 'Payment verification failed' };
    server.use(http.post(`${BASE}/orders/paymentverification`, () => HttpResponse.json(body, { status: 400 })));

    const error = await failure(
      client.account.verifyPayment({ razorpay_order_id: 'order_1', razorpay_payment_id: 'pay_1', razorpay_signature: 'bad' }),
    );

    expect(error).toMatchObject({ status: 400, message: 'Payment verification failed', body });
  });

  it('falls back to a readable message when the body is not JSON', async () => {
    server.use(http.get(`${BASE}/blogs`, () => HttpResponse.html('<h1>502 Bad Gateway</h1>', { status: 502 })));

    const error = await failure(client.store.blogs());

    expect(error).toMatchObject({ status: 502, message: 'Request failed (502)', body: '<h1>502 Bad Gateway</h1>' });
  });

  it('falls back when a JSON body has no message', async () => {
    server.use(http.get(`${BASE}/blogs`, () => HttpResponse.json({ error: 'Internal' }, { status: 500 })));

    const error = await failure(client.store.blogs());

    expect(error).toMatchObject({ status: 500, message: 'Request failed (500)', body: { error: 'Internal' } });
  });

  it('falls back when the body is empty', async () => {
    server.use(http.delete(`${BASE}/slider/:id`, () => new HttpResponse(null, { status: 503 })));

    const error = await failure(client.admin.deleteSlider('s1'));

    expect(error).toMatchObject({ status: 503, message: 'Request failed (503)', body: undefined });
  });
});

describe('ApiError without an error answer from the shop', () => {
  it('reports a network failure with status 0', async () => {
    server.use(http.get(`${BASE}/category`, () => HttpResponse.error()));

    const error = await failure(client.store.categories());

    expect(error).toMatchObject({ status: 0, message: NETWORK_ERROR_MESSAGE });
    expect(error.message).toBe('Network error: could not reach the shop');
    expect(error.cause).toBeDefined();
  });

  it('refuses a 200 answer that is not JSON, such as the web app served at a wrong base URL', async () => {
    server.use(http.get(`${BASE}/category`, () => HttpResponse.html('<!doctype html><div id="root"></div>')));

    const error = await failure(client.store.categories());

    expect(error.status).toBe(200);
    expect(error.message).toMatch(/not JSON/);
  });

  it('resolves an empty 2xx answer to undefined', async () => {
    server.use(http.delete(`${BASE}/slider/:id`, () => new HttpResponse(null, { status: 204 })));

    await expect(client.admin.deleteSlider('s1')).resolves.toBeUndefined();
  });
});
