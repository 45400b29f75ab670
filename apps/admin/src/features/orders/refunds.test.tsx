import { screen, waitFor, within } from '@testing-library/react';
import type { CheckoutAfterSales } from '@shop/domain/schemas/refunds';
import { renderApp } from '../../testing/render-app';
import { makeAfterSales, makeCheckout, makeOrder, makeProblemReport, makeRefund } from '../../testing/fixtures';
import { api, fail, http, HttpResponse, ok, server } from '../../testing/server';
import { catchDownloads, servePdf } from '../../testing/downloads';

const checkout = makeCheckout({ order_id: 'order_ABC', order_number: 'SF-10234' });
const [ghee, oil] = checkout.items;
const order = makeOrder({ _id: ghee!._id, order_id: 'order_ABC', order_number: 'SF-10234', order_total: 1540 });

function serveDetail(afterSales: CheckoutAfterSales | (() => CheckoutAfterSales), { payment = 'Paid' } = {}) {
  server.use(
    http.get(api(`orders/${order._id}`), () => ok({ order: { ...order, payment } })),
    http.get(api('checkouts'), () => ok({ checkouts: [{ ...checkout, payment }], total: 1, page: 1, pages: 1 })),
    http.get(api('checkouts/order_ABC/after-sales'), () => ok(typeof afterSales === 'function' ? afterSales() : afterSales)),
  );
}

const linesOf = (refunded: Record<string, number> = {}) =>
  checkout.items.map((item) => ({ _id: item._id, quantity: item.quantity, status: item.status, refunded_quantity: refunded[item._id] ?? 0, can_report: false }));

/** Records each POST refunds: its body and its Idempotency-Key. */
function recordRefunds(answer: (n: number) => Response = () => HttpResponse.json({ message: 'Refund of ₹ 595.00 started', refund: makeRefund({ status: 'pending' }) })) {
  const sent: Array<{ body: unknown; key: string | null }> = [];
  server.use(
    http.post(api('checkouts/order_ABC/refunds'), async ({ request }) => {
      sent.push({ body: await request.json(), key: request.headers.get('idempotency-key') });
      await new Promise((r) => setTimeout(r, 40));
      return answer(sent.length);
    }),
  );
  return sent;
}

it('lists the refunds with their states, and downloads the credit note of a processed one', async () => {
  serveDetail(
    makeAfterSales({
      lines: linesOf({ [ghee!._id]: 1 }),
      refunds: [
        makeRefund({ amount: 595, arn: 'ARN555' }),
        makeRefund({ _id: '00000000-0000-4000-8000-0000000000f2', amount: 350, status: 'pending', credit_note: undefined, reason: 'Oil leaked', restock: true }),
        makeRefund({ _id: '00000000-0000-4000-8000-0000000000f3', amount: 100, status: 'failed', credit_note: undefined, failure_reason: 'Card closed' }),
      ],
      paid: 1540,
      refunded: 945,
      refundable: 595,
    }),
  );
  const asked = servePdf('credit-notes/:id');
  const click = catchDownloads();
  const { user } = renderApp(`/admin/orders/${order._id}`);
  const panel = await screen.findByRole('region', { name: 'Refunds' });
  expect(within(panel).getByText('Paid').nextElementSibling).toHaveTextContent('₹ 1,540.00');
  expect(within(panel).getByText('Refunded').nextElementSibling).toHaveTextContent('₹ 945.00');
  expect(within(panel).getByText('Left to refund').nextElementSibling).toHaveTextContent('₹ 595.00');
  const rows = within(within(panel).getByRole('table', { name: 'Refunds' })).getAllByRole('row').slice(1);
  expect(rows[0]).toHaveTextContent('₹ 595.00Processed1 × A2 Cow Ghee (500 ml)Jar broken in transit6/3/2026 · ARN ARN555');
  expect(rows[1]).toHaveTextContent('₹ 350.00Pending');
  expect(rows[1]).toHaveTextContent('Oil leaked · back in stock');
  expect(rows[2]).toHaveTextContent('₹ 100.00Failed');
  expect(rows[2]).toHaveTextContent('Card closed');
  expect(within(rows[1]!).queryByRole('button')).not.toBeInTheDocument();
  await user.click(within(rows[0]!).getByRole('button', { name: 'Credit note CN/2025-26/0001' }));
  await waitFor(() => expect(click).toHaveBeenCalled());
  expect(asked.authorization).toBe('Bearer token-of-admin@shuddhfarm.in');
  expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('credit-note-CN-2025-26-0001.pdf');
});

it('refunds chosen lines with units, restock and a reason: one Idempotency-Key, one request for a double click', async () => {
  let refunded = false;
  serveDetail(() =>
    makeAfterSales({
      lines: linesOf(refunded ? { [ghee!._id]: 1 } : {}),
      paid: 1540,
      refundable: refunded ? 945 : 1540,
      refunded: refunded ? 595 : 0,
      refunds: refunded ? [makeRefund({ status: 'pending', credit_note: undefined })] : [],
    }),
  );
  const sent = recordRefunds(() => {
    refunded = true;
    return HttpResponse.json({ message: 'Refund of ₹ 595.00 started', refund: makeRefund({ status: 'pending' }) });
  });
  const { user } = renderApp(`/admin/orders/${order._id}`);
  const panel = await screen.findByRole('region', { name: 'Refunds' });
  expect(within(panel).getByText('No refunds yet.')).toBeInTheDocument();
  await user.click(within(panel).getByRole('button', { name: 'Refund…' }));
  const dialog = screen.getByRole('dialog', { name: 'Refund' });
  const form = within(dialog).getByRole('form', { name: 'Refund' });

  // Nothing chosen, no restock answer, no reason: each said, nothing sent.
  await user.click(within(form).getByRole('radio', { name: 'Chosen lines' }));
  await user.click(within(form).getByRole('button', { name: 'Refund chosen lines' }));
  expect(within(form).getByText('Choose at least one line and how many of its units to refund.')).toBeInTheDocument();
  expect(within(form).getByText('Say whether the refunded units go back in stock.')).toBeInTheDocument();
  expect(within(form).getByText('Give a reason: the customer and the accountant read it.')).toBeInTheDocument();
  expect(sent).toEqual([]);

  await user.click(within(form).getByRole('checkbox', { name: /A2 Cow Ghee \(500 ml\)/ }));
  const units = within(form).getByRole('spinbutton', { name: 'Units of A2 Cow Ghee (500 ml) to refund' });
  expect(units).toHaveValue(2);
  expect(units).toHaveAttribute('max', '2');
  await user.clear(units);
  await user.type(units, '1');
  await user.click(within(form).getByRole('radio', { name: 'No (broken, lost or kept)' }));
  await user.type(within(form).getByLabelText('Reason'), 'Jar broken in transit');
  expect(within(form).getByText(/At the price paid: ₹ 595.00/)).toBeInTheDocument();

  const submit = within(form).getByRole('button', { name: 'Refund chosen lines' });
  await user.dblClick(submit);
  expect(await screen.findByText('Refund of ₹ 595.00 started')).toBeInTheDocument();
  expect(sent).toHaveLength(1);
  expect(sent[0]!.body).toEqual({ lines: [{ _id: ghee!._id, quantity: 1 }], reason: 'Jar broken in transit', restock: false });
  expect(sent[0]!.key).toMatch(/^[A-Za-z0-9_.:-]{8,100}$/);
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  // The list is asked again and shows the new refund.
  const rows = await within(panel).findAllByRole('row');
  expect(rows[1]).toHaveTextContent('₹ 595.00Pending');
});

it('disables the button while sending, and a retry after a lost answer carries the same key', async () => {
  serveDetail(makeAfterSales({ lines: linesOf() }));
  const sent = recordRefunds((n) => (n === 1 ? fail(503, 'The payment provider did not answer. Try again.') : HttpResponse.json({ message: 'Refund of ₹ 1,190.00 started', refund: makeRefund({ status: 'pending' }) })));
  const { user } = renderApp(`/admin/orders/${order._id}`);
  await user.click(await screen.findByRole('button', { name: 'Refund…' }));
  const form = within(screen.getByRole('dialog', { name: 'Refund' })).getByRole('form', { name: 'Refund' });
  await user.click(within(form).getByRole('radio', { name: 'Yes, the units come back' }));
  await user.type(within(form).getByLabelText('Reason'), 'Customer cancelled by phone');
  const submit = within(form).getByRole('button', { name: 'Refund ₹ 1,190.00' });
  await user.click(submit);
  expect(within(form).getByRole('button', { name: 'Refunding…' })).toBeDisabled();
  expect(await screen.findByText('The payment provider did not answer. Try again.')).toBeInTheDocument();
  // The toast comes at once from the base query; the form hears of the failure on the store's next frame (RTK's
  // autoBatchEnhancer), when the button is back.
  await user.click(await within(form).findByRole('button', { name: 'Refund ₹ 1,190.00' }));
  expect(await screen.findByText('Refund of ₹ 1,190.00 started')).toBeInTheDocument();
  expect(sent.map((s) => s.body)).toEqual([
    { reason: 'Customer cancelled by phone', restock: true },
    { reason: 'Customer cancelled by phone', restock: true },
  ]);
  expect(sent[1]!.key).toBe(sent[0]!.key);
});

it('makes a new key when the form is opened again', async () => {
  serveDetail(makeAfterSales({ lines: linesOf() }));
  const sent = recordRefunds();
  const { user } = renderApp(`/admin/orders/${order._id}`);
  for (let i = 0; i < 2; i += 1) {
    await user.click(await screen.findByRole('button', { name: 'Refund…' }));
    const form = within(screen.getByRole('dialog', { name: 'Refund' })).getByRole('form', { name: 'Refund' });
    await user.click(within(form).getByRole('radio', { name: 'No (broken, lost or kept)' }));
    await user.type(within(form).getByLabelText('Reason'), `Reason ${i}`);
    await user.click(within(form).getByRole('button', { name: /^Refund ₹/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  }
  expect(sent).toHaveLength(2);
  expect(sent[0]!.key).not.toBe(sent[1]!.key);
});

it('refunds a Refund due order in one click, nothing restocked', async () => {
  serveDetail(makeAfterSales({ lines: linesOf(), paid: 1540, refundable: 1540 }), { payment: 'Refund due' });
  const sent = recordRefunds();
  const { user } = renderApp(`/admin/orders/${order._id}`);
  const button = await screen.findByRole('button', { name: 'Refund in full (₹ 1,540.00)' });
  await user.dblClick(button);
  expect(await screen.findByText('Refund of ₹ 595.00 started')).toBeInTheDocument();
  expect(sent).toHaveLength(1);
  expect(sent[0]!.body).toEqual({ reason: 'Paid after the order had lapsed (Refund due)', restock: false });
  expect(sent[0]!.key).toBeTruthy();
});

it('shows an open problem report with its photos and answers it with a refund of the line, not restocked', async () => {
  const problem = makeProblemReport({ line_id: ghee!._id });
  serveDetail(makeAfterSales({ lines: linesOf(), problems: [problem], paid: 1540, refundable: 1540 }));
  const answers: Array<{ body: unknown; key: string | null }> = [];
  server.use(
    http.post(api(`problem-reports/${problem._id}/answer`), async ({ request }) => {
      answers.push({ body: await request.json(), key: request.headers.get('idempotency-key') });
      return ok({ message: 'Answered; the customer is mailed', problem: { ...problem, status: 'answered' } });
    }),
  );
  const { user } = renderApp(`/admin/orders/${order._id}`);
  const panel = await screen.findByRole('region', { name: 'Problem reports · 1 open' });
  expect(within(panel).getByText('One jar arrived cracked.')).toBeInTheDocument();
  const photos = within(panel).getAllByRole('img');
  expect(photos).toHaveLength(2);
  expect(photos[0]).toHaveAccessibleName('Photo 1 of the problem with A2 Cow Ghee (500 ml)');
  expect(photos[0]!.getAttribute('src')).toMatch(/\/uploads\/problems\/jar-1\.webp$/);

  const form = within(panel).getByRole('form', { name: 'Answer the problem with A2 Cow Ghee' });
  await user.click(within(form).getByRole('button', { name: 'Send reply' }));
  expect(within(form).getByText('Write a reply, or refund the broken units, or both.')).toBeInTheDocument();
  await user.click(within(form).getByRole('checkbox', { name: /Refund chosen lines/ }));
  // The reported line is chosen, all its units; the admin refunds one.
  const units = within(form).getByRole('spinbutton', { name: 'Units of A2 Cow Ghee (500 ml) to refund' });
  expect(units).toHaveValue(2);
  await user.clear(units);
  await user.type(units, '1');
  await user.type(within(form).getByLabelText('Reply to the customer'), 'Sorry about the jar: the money for it is on its way.');
  await user.click(within(form).getByRole('button', { name: 'Refund and answer' }));
  expect(await screen.findByText('Answered; the customer is mailed')).toBeInTheDocument();
  expect(answers).toHaveLength(1);
  expect(answers[0]!.body).toEqual({ reply: 'Sorry about the jar: the money for it is on its way.', refund: { lines: [{ _id: ghee!._id, quantity: 1 }] } });
  expect(answers[0]!.key).toMatch(/^[A-Za-z0-9_.:-]{8,100}$/);
  expect(oil).toBeDefined();
});

it('shows the checkout timeline', async () => {
  serveDetail(makeAfterSales({ lines: linesOf() }));
  server.use(
    http.get(api('checkouts/order_ABC/timeline'), () =>
      ok({
        events: [
          { kind: 'placed', at: '2026-03-05T04:30:00.000Z' },
          { kind: 'paid', at: '2026-03-05T04:31:00.000Z' },
          { kind: 'refund_processed', at: '2026-03-06T06:05:00.000Z', detail: '₹ 595.00 · ARN555' },
        ],
      }),
    ),
  );
  renderApp(`/admin/orders/${order._id}`);
  const panel = await screen.findByRole('region', { name: 'Timeline' });
  await within(panel).findByText('Placed');
  expect(within(panel).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
    'Placed5/3/2026 10:00 am',
    'Paid5/3/2026 10:01 am',
    'Refund processed6/3/2026 11:35 am₹ 595.00 · ARN555',
  ]);
});

it('shows no refunds panel for an order paid in cash (nothing paid online)', async () => {
  serveDetail(makeAfterSales({ lines: linesOf(), paid: 0, refundable: 0 }));
  renderApp(`/admin/orders/${order._id}`);
  await screen.findByRole('region', { name: 'Timeline' });
  expect(screen.queryByRole('region', { name: 'Refunds' })).not.toBeInTheDocument();
});
