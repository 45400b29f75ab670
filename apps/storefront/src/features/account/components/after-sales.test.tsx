import { delay, http, HttpResponse } from 'msw';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Order } from '@shop/domain/schemas/orders';
import type { CheckoutAfterSales, Refund, TimelineEvent } from '@shop/domain/schemas/refunds';
import { customer, makeOrder } from '../../../testing/fixtures';
import { renderApp, signedIn } from '../../../testing/render-app';
import { apiPath, fail, server } from '../../../testing/server';

const LINE_A = '00000000-0000-4000-8000-00000000a001';
const LINE_B = '00000000-0000-4000-8000-00000000a002';

function afterSalesOf(over: Partial<CheckoutAfterSales> = {}): CheckoutAfterSales {
  return {
    order_id: 'order_A',
    order_number: 'SF-10500',
    cancel: { allowed: false, request_allowed: false },
    refunds: [],
    paid: 1540,
    refunded: 0,
    refundable: 1540,
    problems: [],
    lines: [
      { _id: LINE_A, quantity: 2, status: 'Processing', refunded_quantity: 0, can_report: false },
      { _id: LINE_B, quantity: 1, status: 'Processing', refunded_quantity: 0, can_report: false },
    ],
    ...over,
  };
}

function refundOf(over: Partial<Refund> = {}): Refund {
  return {
    _id: '00000000-0000-4000-8000-00000000r001',
    order_id: 'order_A',
    amount: 1540,
    status: 'pending',
    reason: 'Cancelled by the customer',
    payment_id: 'pay_1',
    provider_refund_id: null,
    lines: [],
    includes_fees: true,
    restock: true,
    created_at: '2026-03-05T11:00:00.000Z',
    ...over,
  };
}

const lines: Order[] = [
  makeOrder({ _id: LINE_A, order_id: 'order_A', order_number: 'SF-10500', order_total: 1540 }),
  makeOrder({
    _id: LINE_B,
    order_id: 'order_A',
    order_number: 'SF-10500',
    order_total: 1540,
    cart_quantity: 1,
    variant_label: '100 ml',
    product: { _id: '00000000-0000-4000-8000-0000000000b1', name: 'Bhringraj Hair Oil', slug: 'hair-oil', price: 350, available: true },
  }),
];

/** The orders and, one answer after another, what the server says beside them (the last one repeats). */
function serve(...answers: CheckoutAfterSales[]) {
  const asked = { afterSales: 0 };
  server.use(
    http.get(apiPath('orders'), () => HttpResponse.json({ orders: lines })),
    http.get(apiPath('checkouts/after-sales'), () => {
      const answer = answers[Math.min(asked.afterSales, answers.length - 1)]!;
      asked.afterSales += 1;
      return HttpResponse.json({ checkouts: [answer] });
    }),
  );
  return asked;
}

const openOrders = async () => {
  const view = renderApp('/orders', { preloadedState: signedIn(customer) });
  const checkout = await screen.findByRole('article', { name: 'Order SF-10500' });
  return { ...view, checkout };
};

describe('orders after the order: cancel, refunds, history, problems', () => {
  it('cancels the same day after a confirmation step, and shows the refund it started', async () => {
    serve(afterSalesOf({ cancel: { allowed: true, request_allowed: false } }), afterSalesOf({ cancel: { allowed: false, request_allowed: false }, refunds: [refundOf()], refunded: 1540, refundable: 0 }));
    const cancels: string[] = [];
    server.use(
      http.post(apiPath('checkouts/:orderId/cancel'), async ({ params }) => {
        cancels.push(String(params.orderId));
        await delay(30);
        return HttpResponse.json({ message: 'Order SF-10500 is cancelled. Your refund of ₹ 1,540.00 has started.' });
      }),
    );
    const { user, checkout } = await openOrders();
    const cancel = await within(checkout).findByRole('button', { name: 'Cancel order' });
    expect(within(checkout).queryByRole('button', { name: 'Request cancellation' })).not.toBeInTheDocument();

    // The first press only asks; "Keep the order" leaves it alone.
    await user.click(cancel);
    let dialog = screen.getByRole('dialog', { name: 'Cancel order SF-10500?' });
    expect(dialog).toHaveTextContent('₹ 1,540.00 is refunded to the account you paid from; it reaches you within 6-8 days.');
    await user.click(within(dialog).getByRole('button', { name: 'Keep the order' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(cancels).toEqual([]);

    await user.click(cancel);
    dialog = screen.getByRole('dialog', { name: 'Cancel order SF-10500?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('Order SF-10500 is cancelled. Your refund of ₹ 1,540.00 has started.')).toBeInTheDocument();
    expect(cancels).toEqual(['order_A']);

    // The page asks again: no Cancel any more, and the refund with its state and amount.
    const refunds = await within(checkout).findByRole('region', { name: 'Refunds' });
    expect(within(checkout).queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
    const [refund] = within(refunds).getAllByRole('listitem');
    expect(refund).toHaveTextContent('₹ 1,540.00');
    expect(refund).toHaveTextContent('Refund started');
    expect(refund).toHaveTextContent('The whole order');
    expect(refund).toHaveTextContent('It reaches the account you paid from within 6-8 days.');
  });

  it('shows processed and failed refunds with their amounts, the bank reference and the credit note', async () => {
    serve(
      afterSalesOf({
        refunds: [
          refundOf({ _id: '00000000-0000-4000-8000-00000000r010', amount: 595, status: 'processed', includes_fees: false, processed_at: '2026-03-07T06:00:00.000Z', arn: 'ARN7429', lines: [{ _id: LINE_A, name: 'A2 Cow Ghee', variant_label: '500 ml', quantity: 1, amount: 595 }], credit_note: { number: 'CN/2025-26/0004', date: '2026-03-07T06:00:00.000Z', invoice_number: 'SF/2025-26/0100', url: '/api/credit-notes/x' } }),
          refundOf({ _id: '00000000-0000-4000-8000-00000000r011', amount: 350, status: 'failed', includes_fees: false, lines: [{ _id: LINE_B, name: 'Bhringraj Hair Oil', quantity: 1, amount: 350 }] }),
        ],
        refunded: 595,
        refundable: 945,
      }),
    );
    let authorization: string | null = null;
    server.use(
      http.get(apiPath('credit-notes/:id'), ({ request }) => {
        authorization = request.headers.get('authorization');
        return new HttpResponse('%PDF-1.7 credit note', { headers: { 'content-type': 'application/pdf' } });
      }),
    );
    URL.createObjectURL = () => 'blob:credit-note';
    URL.revokeObjectURL = () => undefined;
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user, checkout } = await openOrders();
    const refunds = await within(checkout).findByRole('region', { name: 'Refunds' });
    expect(within(refunds).getByRole('heading')).toHaveTextContent('Refunds · ₹ 595.00 of ₹ 1,540.00');
    const [processed, failed] = within(refunds).getAllByRole('listitem');
    expect(processed).toHaveTextContent('₹ 595.00Refund processed1 × A2 Cow Ghee (500 ml)Sent back on 7/3/2026 · Bank reference ARN7429');
    expect(failed).toHaveTextContent('₹ 350.00Refund failed1 × Bhringraj Hair OilThis refund did not go through. The shop has been told and will contact you.');
    expect(within(failed!).queryByRole('button')).not.toBeInTheDocument();

    await user.click(within(processed!).getByRole('button', { name: 'Credit note CN/2025-26/0004 (PDF)' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(authorization).toBe('Bearer test-token');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('credit-note-CN-2025-26-0004.pdf');
  });

  it('offers "Request cancellation" with the reason when Cancel is no longer allowed, and mails the shop', async () => {
    serve(afterSalesOf({ cancel: { allowed: false, reason: 'Orders can be cancelled only on the day they are placed.', request_allowed: true } }));
    const bodies: unknown[] = [];
    server.use(
      http.post(apiPath('checkouts/order_A/cancellation-request'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ message: 'Your request has been sent to the shop.' });
      }),
    );
    const { user, checkout } = await openOrders();
    await user.click(await within(checkout).findByRole('button', { name: 'Request cancellation' }));
    expect(within(checkout).getByText('Orders can be cancelled only on the day they are placed.')).toBeInTheDocument();
    expect(within(checkout).queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
    const dialog = screen.getByRole('dialog', { name: 'Request cancellation of SF-10500' });
    await user.type(within(dialog).getByLabelText('Anything the shop should know (optional)'), 'Ordered twice by mistake');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Your request has been sent to the shop.')).toBeInTheDocument();
    expect(bodies).toEqual([{ message: 'Ordered twice by mistake' }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows neither button for a delivered or cancelled order', async () => {
    serve(afterSalesOf());
    const { checkout } = await openOrders();
    await waitFor(() => expect(within(checkout).getByRole('button', { name: 'Order history' })).toBeInTheDocument());
    expect(within(checkout).queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
    expect(within(checkout).queryByRole('button', { name: 'Request cancellation' })).not.toBeInTheDocument();
  });

  it('opens the order history on demand, in order and in plain words', async () => {
    serve(afterSalesOf());
    const events: TimelineEvent[] = [
      { kind: 'placed', at: '2026-03-05T04:30:00.000Z' },
      { kind: 'paid', at: '2026-03-05T04:31:00.000Z' },
      { kind: 'cancelled', at: '2026-03-05T06:00:00.000Z' },
      { kind: 'refund_started', at: '2026-03-05T06:00:01.000Z', detail: '₹ 1,540.00' },
      { kind: 'refund_processed', at: '2026-03-05T06:10:00.000Z', detail: '₹ 1,540.00 · bank reference ARN1' },
    ];
    let asked = 0;
    server.use(
      http.get(apiPath('checkouts/order_A/timeline'), () => {
        asked += 1;
        return HttpResponse.json({ events });
      }),
    );
    const { user, checkout } = await openOrders();
    const toggle = within(checkout).getByRole('button', { name: 'Order history' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(asked).toBe(0);
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await within(checkout).findByText('Order placed');
    const steps = within(checkout.querySelector<HTMLElement>('.timeline')!).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual([
      'Order placed5 Mar 2026, 10:00 am',
      'Paid5 Mar 2026, 10:01 am',
      'Cancelled5 Mar 2026, 11:30 am',
      'Refund started5 Mar 2026, 11:30 am₹ 1,540.00',
      'Refund processed5 Mar 2026, 11:40 am₹ 1,540.00 · bank reference ARN1',
    ]);
    expect(asked).toBe(1);
  });

  it('reports a problem with a delivered line: words and photos, checked in plain words, nothing lost when sending fails', async () => {
    serve(
      afterSalesOf({
        lines: [
          { _id: LINE_A, quantity: 2, status: 'Delivered', refunded_quantity: 0, delivered_at: '2026-03-06T06:00:00.000Z', report_until: '2026-03-08T06:00:00.000Z', can_report: true },
          { _id: LINE_B, quantity: 1, status: 'Delivered', refunded_quantity: 0, can_report: false },
        ],
      }),
    );
    const bodies: Array<{ line_id: string; message: string; photos?: string[] }> = [];
    let answer: 'fail' | 'ok' = 'fail';
    server.use(
      http.post(apiPath('checkouts/order_A/problem-reports'), async ({ request }) => {
        bodies.push((await request.json()) as (typeof bodies)[number]);
        if (answer === 'fail') return fail(400, 'photos/0 is not an image: choose a JPEG, PNG, WebP or GIF picture');
        return HttpResponse.json({ message: 'Thank you: the shop has your report and will answer by mail.' });
      }),
    );
    const { user, checkout } = await openOrders();
    const [ghee, oil] = within(within(checkout).getByRole('list', { name: 'Order lines' })).getAllByRole('listitem');
    expect(within(oil!).queryByRole('button', { name: 'Report a problem' })).not.toBeInTheDocument();
    await user.click(await within(ghee!).findByRole('button', { name: 'Report a problem' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report a problem' });
    expect(dialog).toHaveTextContent('A2 Cow Ghee 500 ml');
    expect(dialog).toHaveTextContent('You can report it until 8 Mar 2026, 11:30 am.');

    // Nothing written: said in plain words, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByText('Please tell us what happened (for example: the jar arrived cracked).')).toBeInTheDocument();
    expect(bodies).toEqual([]);

    // A PDF and a photo over 5 MB are refused by name; a real photo is shown before it is sent.
    const input = within(dialog).getByLabelText('Photos (up to 3, optional)');
    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'receipt.pdf', { type: 'application/pdf' })] } });
    expect(await within(dialog).findByText('receipt.pdf is not a photo we can take. Choose a JPEG, PNG, WebP or GIF picture.')).toBeInTheDocument();
    fireEvent.change(input, { target: { files: [new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.jpg', { type: 'image/jpeg' })] } });
    expect(await within(dialog).findByText('huge.jpg is larger than 5 MB. Choose a smaller photo.')).toBeInTheDocument();
    const png = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYPj/HwADAgH/2ZP0NwAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0));
    fireEvent.change(input, { target: { files: [new File([png], 'jar.png', { type: 'image/png' })] } });
    expect(await within(dialog).findByRole('img', { name: 'Photo 1: jar.png' })).toBeInTheDocument();
    expect(within(dialog).queryByText(/is larger than 5 MB|is not a photo/)).not.toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('What happened?'), 'The jar arrived cracked and the ghee leaked.');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    // The server refused: its reason is in the dialog, and the words and the photo are still there.
    expect(await within(dialog).findByText('photos/0 is not an image: choose a JPEG, PNG, WebP or GIF picture', { selector: 'p' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('What happened?')).toHaveValue('The jar arrived cracked and the ghee leaked.');
    expect(within(dialog).getByRole('img', { name: 'Photo 1: jar.png' })).toBeInTheDocument();

    answer = 'ok';
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Thank you: the shop has your report and will answer by mail.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toEqual({ line_id: LINE_A, message: 'The jar arrived cracked and the ghee leaked.', photos: [expect.stringMatching(/^data:image\/png;base64,/)] });
  });

  it('shows a line\'s open report and the shop\'s answer', async () => {
    const problem = {
      _id: '00000000-0000-4000-8000-00000000p001',
      order_id: 'order_A',
      order_number: 'SF-10500',
      line_id: LINE_A,
      product_name: 'A2 Cow Ghee',
      quantity: 2,
      customer: { name: 'Asha Rao', email: 'asha@example.com' },
      message: 'Cracked jar',
      photos: [],
      created_at: '2026-03-06T08:00:00.000Z',
    };
    serve(
      afterSalesOf({
        problems: [
          { ...problem, status: 'open' },
          { ...problem, _id: '00000000-0000-4000-8000-00000000p002', line_id: LINE_B, status: 'answered', answer: { reply: 'Sorry! We have refunded the oil.', refund_id: '00000000-0000-4000-8000-00000000r099', at: '2026-03-06T10:00:00.000Z' } },
        ],
      }),
    );
    const { checkout } = await openOrders();
    const [ghee, oil] = within(within(checkout).getByRole('list', { name: 'Order lines' })).getAllByRole('listitem');
    expect(await within(ghee!).findByText('Problem reported on 6/3/2026: the shop will answer you by mail.')).toBeInTheDocument();
    expect(oil).toHaveTextContent('The shop answered on 6/3/2026: “Sorry! We have refunded the oil.” A refund was started; see Refunds below.');
  });
});
