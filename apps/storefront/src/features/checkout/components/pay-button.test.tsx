import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import type { PaymentResult } from '@shop/domain/schemas/payments';
import { cartDetailOf, customer, makeOrder, makeProduct, makeVariant } from '../../../testing/fixtures';
import { renderApp, signedIn } from '../../../testing/render-app';
import { apiPath, fail, server } from '../../../testing/server';

const ghee = makeProduct({ name: 'A2 Cow Ghee', price: 595 });
const triple: PaymentResult = { razorpay_order_id: 'order_T1', razorpay_payment_id: 'pay_T1', razorpay_signature: 'sig' };
const order = { amount: 119000, order_id: 'order_T1', name: customer.name, email: customer.email, phone: customer.phone };
const state = { ...signedIn(customer), cart: { items: [{ _id: ghee._id, cart_quantity: 2 }] } };
const location = () => screen.getByTestId('location').textContent;

function checkoutHandlers(provider: 'sandbox' | 'razorpay' = 'sandbox') {
  const calls = { createOrder: [] as unknown[], sandbox: [] as unknown[], verify: [] as unknown[], release: [] as unknown[] };
  server.use(
    http.get(apiPath('users/get-user'), () => HttpResponse.json({ user: customer })),
    http.get(apiPath('users/profile'), () => HttpResponse.json({ user: customer })),
    http.post(apiPath('products/getcart'), () => HttpResponse.json({ cartDetails: [cartDetailOf(ghee, 2)] })),
    http.post(apiPath('orders'), async ({ request }) => {
      calls.createOrder.push(await request.json());
      return HttpResponse.json(order);
    }),
    http.get(apiPath('payments/config'), () => HttpResponse.json({ provider, key_id: 'rzp_test_key' })),
    http.post(apiPath('payments/sandbox/checkout'), async ({ request }) => {
      const body = (await request.json()) as { outcome: string };
      calls.sandbox.push(body);
      return body.outcome === 'success' ? HttpResponse.json(triple) : fail(402, 'Payment Failed');
    }),
    http.post(apiPath('orders/paymentverification'), async ({ request }) => {
      calls.verify.push(await request.json());
      return HttpResponse.json({ success: true });
    }),
    http.post(apiPath('orders/release'), async ({ request }) => {
      calls.release.push(await request.json());
      return HttpResponse.json({ message: 'The payment window was closed; your cart is kept' });
    }),
    http.get(apiPath('orders'), () => HttpResponse.json({ orders: [makeOrder()] })),
  );
  return calls;
}

/** PAY, once the cart and the shopper's delivery details are loaded and it is enabled. */
async function clickPay(user: ReturnType<typeof renderApp>['user']) {
  const pay = await screen.findByRole('button', { name: 'PAY' });
  await waitFor(() => expect(pay).toBeEnabled());
  await user.click(pay);
}

/** Opens the cart, presses PAY and then `button` in the test checkout; answers renderApp's handles. */
async function payAndPress(button: 'Pay' | 'Fail' | 'Cancel payment') {
  const rendered = renderApp('/cart', { preloadedState: state });
  await clickPay(rendered.user);
  await rendered.user.click(within(await screen.findByRole('dialog', { name: 'Test checkout' })).getByRole('button', { name: button }));
  return rendered;
}

describe('paying', () => {
  it("creates the order, pays in the test checkout, verifies, says 'Order Successful' and empties the cart", async () => {
    const calls = checkoutHandlers();
    const { user, store } = renderApp('/cart', { preloadedState: state });
    await clickPay(user);
    const dialog = await screen.findByRole('dialog', { name: 'Test checkout' });
    expect(within(dialog).getByText('₹ 1,190.00')).toBeInTheDocument();
    expect(within(dialog).getByText('session will expire in 5 minutes')).toBeInTheDocument();
    expect(calls.createOrder).toEqual([{ cart: [{ _id: ghee._id, cart_quantity: 2, currency: 'INR' }], currency: 'INR' }]);

    await user.click(within(dialog).getByRole('button', { name: 'Pay' }));
    expect(await screen.findByText('Order Successful')).toBeInTheDocument();
    expect(calls.sandbox).toEqual([{ order_id: 'order_T1', outcome: 'success' }]);
    expect(calls.verify).toEqual([triple]);
    expect(store.getState().cart.items).toEqual([]);
    await waitFor(() => expect(location()).toBe('/orders'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The shopper lands on their orders, with the new one listed (and no request outlives the test).
    expect((await screen.findAllByText('order_ABC123')).length).toBeGreaterThan(0);
  });

  it("says 'Payment Failed' when the shopper fails the test payment, and keeps the cart", async () => {
    const calls = checkoutHandlers();
    const { store } = await payAndPress('Fail');
    expect(await screen.findByText('Payment Failed')).toBeInTheDocument();
    expect(calls.verify).toEqual([]);
    expect(store.getState().cart.items).toHaveLength(1);
    expect(location()).toBe('/cart');
    await waitFor(() => expect(screen.getByRole('button', { name: 'PAY' })).toBeEnabled());
  });

  it('gives the hold back when the shopper closes the test checkout (Cancel payment), and keeps the cart', async () => {
    const calls = checkoutHandlers();
    const { store } = await payAndPress('Cancel payment');
    expect(await screen.findByText('Payment Failed')).toBeInTheDocument();
    expect(calls.release).toEqual([{ order_id: 'order_T1' }]);
    expect(calls.sandbox).toEqual([]);
    expect(calls.verify).toEqual([]);
    expect(store.getState().cart.items).toEqual([{ _id: ghee._id, cart_quantity: 2 }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'PAY' })).toBeEnabled());
  });

  it('sends the payment again while the server answers 503, so a charged shopper is recorded', async () => {
    const calls = checkoutHandlers();
    let busy = 1;
    server.use(
      http.post(apiPath('orders/paymentverification'), async ({ request }) => {
        calls.verify.push(await request.json());
        if (busy-- > 0) return HttpResponse.json({ message: 'The shop is busy' }, { status: 503, headers: { 'retry-after': '5' } });
        return HttpResponse.json({ success: true });
      }),
    );
    const { store } = await payAndPress('Pay');
    expect(await screen.findByText('Order Successful')).toBeInTheDocument();
    expect(calls.verify).toEqual([triple, triple]);
    expect(store.getState().cart.items).toEqual([]);
  });

  it("says 'Payment Failed' when the signature does not verify", async () => {
    checkoutHandlers();
    server.use(http.post(apiPath('orders/paymentverification'), () => HttpResponse.json({ success: false, message: 'Invalid signature' }, { status: 400 })));
    const { store } = await payAndPress('Pay');
    expect(await screen.findByText('Payment Failed')).toBeInTheDocument();
    expect(screen.queryByText('Invalid signature')).not.toBeInTheDocument();
    expect(store.getState().cart.items).toHaveLength(1);
  });

  it("shows the server's message when the order cannot be created", async () => {
    checkoutHandlers();
    server.use(http.post(apiPath('orders'), () => fail(409, 'Only 1 left of A2 Cow Ghee')));
    const { user } = renderApp('/cart', { preloadedState: state });
    await clickPay(user);
    expect(await screen.findByText('Only 1 left of A2 Cow Ghee')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'PAY' })).toBeEnabled());
  });

  it('opens Razorpay with the spec’s options in razorpay mode and verifies its answer', async () => {
    const calls = checkoutHandlers('razorpay');
    const opened: Array<Record<string, unknown>> = [];
    // The provider's checkout window, which a real browser gets from checkout.razorpay.com.
    window.Razorpay = class {
      constructor(private options: { handler: (r: PaymentResult) => void } & Record<string, unknown>) {
        opened.push(options);
      }
      on() {}
      open() {
        setTimeout(() => this.options.handler(triple), 0);
      }
    } as unknown as typeof window.Razorpay;
    try {
      const { user } = renderApp('/cart', { preloadedState: state });
      await clickPay(user);
      expect(await screen.findByText('Order Successful')).toBeInTheDocument();
      expect(opened[0]).toMatchObject({
        key: 'rzp_test_key',
        amount: 119000,
        currency: 'INR',
        order_id: 'order_T1',
        description: 'session will expire in 5 minutes',
        prefill: { name: customer.name, email: customer.email, contact: customer.phone },
      });
      expect(calls.verify).toEqual([triple]);
      expect(screen.queryByRole('dialog', { name: 'Test checkout' })).not.toBeInTheDocument();
    } finally {
      delete window.Razorpay;
    }
  });

  it('gives the hold back when the shopper dismisses the Razorpay window, and keeps the cart', async () => {
    const calls = checkoutHandlers('razorpay');
    window.Razorpay = class {
      constructor(private options: { modal: { ondismiss: () => void } }) {}
      on() {}
      open() {
        setTimeout(() => this.options.modal.ondismiss(), 0);
      }
    } as unknown as typeof window.Razorpay;
    try {
      const { user, store } = renderApp('/cart', { preloadedState: state });
      await clickPay(user);
      expect(await screen.findByText('Payment Failed')).toBeInTheDocument();
      expect(calls.release).toEqual([{ order_id: 'order_T1' }]);
      expect(calls.verify).toEqual([]);
      expect(store.getState().cart.items).toHaveLength(1);
    } finally {
      delete window.Razorpay;
    }
  });

  it('sends each line with its size, and a line saved before sizes without one (the default size)', async () => {
    const calls = checkoutHandlers();
    const sizes = makeProduct({
      name: 'A2 Gir Cow Bilona Ghee',
      variants: [makeVariant({ label: '250 ml', price: 595, is_default: false }), makeVariant({ label: '1 L', price: 1890 })],
    });
    const [v250, v1l] = sizes.variants;
    server.use(
      http.post(apiPath('products/getcart'), () =>
        HttpResponse.json({ cartDetails: [cartDetailOf(sizes, 2, v250!._id), cartDetailOf(sizes, 1, v1l!._id), cartDetailOf(ghee, 1)] }),
      ),
    );
    const items = [
      { _id: sizes._id, variant: v250!._id, cart_quantity: 2 },
      { _id: sizes._id, variant: v1l!._id, cart_quantity: 1 },
      { _id: ghee._id, cart_quantity: 1 },
    ];
    const { user } = renderApp('/cart', { preloadedState: { ...state, cart: { items } } });
    await clickPay(user);
    await screen.findByRole('dialog', { name: 'Test checkout' });
    expect(calls.createOrder).toEqual([
      {
        cart: [
          { _id: sizes._id, variant: v250!._id, cart_quantity: 2, currency: 'INR' },
          { _id: sizes._id, variant: v1l!._id, cart_quantity: 1, currency: 'INR' },
          { _id: ghee._id, cart_quantity: 1, currency: 'INR' },
        ],
        currency: 'INR',
      },
    ]);
  });
});
