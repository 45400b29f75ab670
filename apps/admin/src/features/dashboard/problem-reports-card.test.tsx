import { screen, within } from '@testing-library/react';
import { renderApp } from '../../testing/render-app';
import { serveEmptyDashboard } from '../../testing/dashboard';
import { makeProblemReport } from '../../testing/fixtures';

const report = makeProblemReport({ order_number: 'SF-10777', customer: { name: 'Meera Patil', email: 'meera@example.in' } });

it('shows the open problem reports, each linking to the order line, and revenue net of refunds', async () => {
  serveEmptyDashboard({
    ordersDashboard: {
      orders_count: 1,
      revenue: { today: 945, last_30_days: 10_000 },
      refunded: { today: 595, last_30_days: 595 },
      open_problem_reports: 1,
      problem_reports: [report],
    },
  });
  renderApp('/admin');
  const card = await screen.findByRole('region', { name: 'Open problem reports' });
  expect(await within(card).findByLabelText('1 open')).toHaveTextContent('1');
  const link = within(card).getByRole('link');
  expect(link).toHaveAttribute('href', `/admin/orders/${report.line_id}`);
  expect(link).toHaveTextContent('SF-10777 · A2 Cow Ghee (500 ml)');
  expect(link).toHaveTextContent('Meera Patil · 7/3/2026 · 2 photos');
  expect(link).toHaveTextContent('One jar arrived cracked');
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
