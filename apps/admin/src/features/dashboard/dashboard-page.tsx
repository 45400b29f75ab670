import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { formatInr } from '../../lib/format';
import { OrdersIcon, ProductsIcon, UsersIcon } from '../../components/icons';
import { useOrderLinesQuery, useOrdersDashboardQuery, useProductsDashboardQuery, useUsersDashboardQuery } from './dashboard-api';
import { OrdersChart, ProductsChart, UsersChart } from './dashboard-charts';
import { RecentOrders } from './recent-orders';
import { AttentionCard } from './attention-card';
import { checkoutCounts } from './checkout-counts';
import { SliderManager } from './slider-manager';
import { HomeTilesManager } from './home-tiles-manager';
import { ProblemReportsCard } from './problem-reports-card';
import './dashboard.css';

function StatCard({ label, value, to, icon }: { label: string; value: number | undefined; to: string; icon: ReactNode }) {
  return (
    <Link to={to} className="stat-card card card--lift">
      <span className="stat-card__icon">{icon}</span>
      <span className="stat-card__text">
        <span className="stat-card__label">{label}</span>
        <span className="stat-card__value">{value ?? '–'}</span>
      </span>
    </Link>
  );
}

/** Money the paid checkouts brought in, in rupees; `refunded`: what refunds took off it (the server's figure is net). */
function RevenueCard({ label, value, refunded }: { label: string; value: number | undefined; refunded?: number }) {
  return (
    <div className="stat-card stat-card--revenue card">
      <span className="stat-card__text">
        <span className="stat-card__label">{label}</span>
        <span className="stat-card__value">{value === undefined ? '–' : formatInr(value)}</span>
        {refunded ? <span className="stat-card__note">after {formatInr(refunded)} refunded</span> : null}
      </span>
    </div>
  );
}

/** The admin index: totals, paid revenue, low stock and reviews waiting, three charts, the slider and video tile managers and the recent orders. */
export function DashboardPage() {
  const products = useProductsDashboardQuery();
  const users = useUsersDashboardQuery();
  const orders = useOrdersDashboardQuery();
  // Total Orders and the orders chart count checkouts (an order of two products is one order), from the paid lines.
  const lines = useOrderLinesQuery();
  const checkouts = useMemo(
    () => (orders.data && lines.data ? checkoutCounts(lines.data.orders, orders.data.orders.map((p) => p.day)) : undefined),
    [orders.data, lines.data],
  );

  return (
    <>
      <PageHeader title="Dashboard" subtitle="How the farm shop is doing today." />
      <div className="stat-grid">
        <StatCard label="Total Products" value={products.data?.products_count} to="/admin/products" icon={<ProductsIcon size={26} />} />
        <StatCard label="Total Users" value={users.data?.users_count} to="/admin/users" icon={<UsersIcon size={26} />} />
        <StatCard label="Total Orders" value={checkouts?.total} to="/admin/orders" icon={<OrdersIcon size={26} />} />
      </div>
      <div className="stat-grid stat-grid--revenue" aria-label="Paid revenue" role="group">
        <RevenueCard label="Paid revenue today" value={orders.data?.revenue.today} refunded={orders.data?.refunded?.today} />
        <RevenueCard label="Paid revenue, last 30 days" value={orders.data?.revenue.last_30_days} refunded={orders.data?.refunded?.last_30_days} />
        {/* Cash on delivery confirmed and not yet delivered: what the couriers still have to collect. */}
        <RevenueCard label="Cash on delivery to collect" value={orders.data?.cash_to_collect ?? 0} />
      </div>
      <AttentionCard lowStock={orders.data ? (orders.data.low_stock ?? []) : undefined} reviewsWaiting={orders.data?.reviews_pending} />
      <ProblemReportsCard count={orders.data?.open_problem_reports} problems={orders.data?.problem_reports ?? []} />
      <div className="chart-grid">
        <OrdersChart points={checkouts?.points ?? []} />
        <UsersChart points={users.data?.users ?? []} />
        <ProductsChart slices={products.data?.products ?? []} />
      </div>
      <div className="dashboard-lower">
        <div className="dashboard-home-content">
          <SliderManager />
          <HomeTilesManager />
        </div>
        <RecentOrders orders={orders.data?.recent_orders ?? []} />
      </div>
    </>
  );
}
