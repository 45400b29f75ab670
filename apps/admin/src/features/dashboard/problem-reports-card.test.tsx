import { screen, within } from '@testing-library/react';
import type { ProblemReport } from '@shop/domain/schemas/refunds';
import { renderApp } from '../../testing/render-app';
import { serveEmptyDashboard } from '../../testing/dashboard';
import { api, http, ok, server } from '../../testing/server';

const report: ProblemReport = {
  _id: '00000000-0000-4000-8000-0000000000d1',
  order_id: 'order_P',
  order_number: 'SF-10777',
  line_id: '00000000-0000-4000-8000-0000000000d2',
  product_name: 'A2 Gir Cow Bilona Ghee',
  variant_label: '1 L',
  quantity: 1,
  customer: { name: 'Meera Patil', email: 'meera@example.in' },
  message: 'The jar arrived broken and the ghee leaked into the box.',
  photos: ['/uploads/problems/a.webp', '/uploads/problems/b.webp'],
  status: 'open',
  created_at: '2026-03-07T05:00:00.000Z',
};

it('shows the open problem reports, each linking to the order line, and revenue net of refunds', async () => {
  serveEmptyDashboard();
  server.use(
    http.get(api('orders/dashboard'), () =>
      ok({
        orders_count: 1,
        orders: [],
        recent_orders: [],
        revenue: { today: 945, last_30_days: 10_000 },
        refunded: { today: 595, last_30_days: 595 },
        open_problem_reports: 1,
        problem_reports: [report],
      }),
    ),
  );
  renderApp('/admin');
  const card = await screen.findByRole('region', { name: 'Open problem reports' });
  expect(await within(card).findByLabelText('1 open')).toHaveTextContent('1');
  const link = within(card).getByRole('link');
  expect(link).toHaveAttribute('href', `/admin/orders/${report.line_id}`);
  expect(link).toHaveTextContent('SF-10777 · A2 Gir Cow Bilona Ghee (1 L)');
  expect(link).toHaveTextContent('Meera Patil · 7/3/2026 · 2 photos');
  expect(link).toHaveTextContent('The jar arrived broken');
  const revenue = screen.getByRole('group', { name: 'Paid revenue' });
  expect(within(revenue).getByText('Paid revenue today').nextSibling).toHaveTextContent('₹ 945.00');
  expect(within(revenue).getAllByText('after ₹ 595.00 refunded')).toHaveLength(2);
});

it('says so when no customer is waiting', async () => {
  serveEmptyDashboard();
  renderApp('/admin');
  const card = await screen.findByRole('region', { name: 'Open problem reports' });
  expect(await within(card).findByText('No customer is waiting for an answer.')).toBeInTheDocument();
});
