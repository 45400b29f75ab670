import { Link } from 'react-router';
import { DataTable } from '@shop/ui/data-table';
import type { Order } from '@shop/domain/schemas/orders';
import { formatDate } from '../../lib/format';
import { StatusBadge } from '../../components/status-badge';
import { OrderLineProduct } from '../../components/order-line-product';

/** The dashboard's Recent Orders (Order ID, User, Product, Date, Payment Status). */
export function RecentOrders({ orders }: { orders: Order[] }) {
  return (
    <section className="panel" aria-labelledby="recent-orders-title">
      <div className="panel__head">
        <h2 id="recent-orders-title">Recent Orders</h2>
        <Link to="/admin/orders" className="btn btn-outline btn-sm">
          All orders
        </Link>
      </div>
      <DataTable
        caption="Recent Orders"
        rows={orders}
        rowKey={(o) => o._id}
        empty="No Orders Found"
        columns={[
          {
            key: 'id',
            header: 'Order ID',
            primary: true,
            cell: (o) => (
              <Link to={`/admin/orders/${o._id}`} className="mono">
                {o.order_id || o._id}
              </Link>
            ),
          },
          { key: 'user', header: 'User', cell: (o) => o.user.name || o.user.email },
          { key: 'product', header: 'Product', cell: (o) => <OrderLineProduct order={o} unavailable="product no longer available" /> },
          { key: 'date', header: 'Date', cell: (o) => formatDate(o.createdAt) },
          { key: 'payment', header: 'Payment Status', cell: (o) => <StatusBadge value={o.payment} /> },
        ]}
      />
    </section>
  );
}
