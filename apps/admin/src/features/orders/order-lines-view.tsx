import { useState } from 'react';
import { Link } from 'react-router';
import { DataTable } from '@shop/ui/data-table';
import type { Order } from '@shop/domain/schemas/orders';
import { formatDate } from '../../lib/format';
import { notifySuccess } from '@shop/app-kit/notify';
import { StatusBadge } from '../../components/status-badge';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useConfirmDelete } from '../../components/use-confirm-delete';
import { Loading } from '../../components/loading';
import { useAllOrdersQuery, useDeleteOrderMutation, useUpdateOrderStatusMutation } from './orders-api';
import { isShippingStatus, ShippingStatusOptions } from './shipping-fields';
import { OrderLineProduct } from '../../components/order-line-product';
import './orders.css';

const DELETE = '__delete__';

/**
 * The SPEC's admin orders list, unchanged: every paid order line (unpaid attempts on request), with the shipping
 * status set from a dropdown (SPEC 2, 4). It is the orders screen's Lines view.
 */
export function OrderLinesView() {
  // Unpaid attempts (pending, failed, expired) are hidden unless the admin asks for them.
  const [attempts, setAttempts] = useState(false);
  const { data, isLoading } = useAllOrdersQuery({ attempts });
  const [updateStatus] = useUpdateOrderStatusMutation();
  const [deleteOrder, { isLoading: deleting }] = useDeleteOrderMutation();
  const deletion = useConfirmDelete<Order>(async (row) => {
    await deleteOrder(row._id).unwrap();
    notifySuccess('Order deleted successfully');
  });

  const onChoose = async (order: Order, value: string) => {
    if (value === DELETE) {
      deletion.ask(order);
      return;
    }
    if (!isShippingStatus(value)) return;
    try {
      await updateStatus({ id: order._id, status: value }).unwrap();
      notifySuccess('Shipping status updated successfully');
    } catch {
      // toasted
    }
  };

  return (
    <>
      <label className="list-toggle orders-filter">
        <input type="checkbox" checked={attempts} onChange={(e) => setAttempts(e.target.checked)} />
        Show unpaid attempts (pending, failed, expired)
      </label>
      {isLoading ? (
        <Loading />
      ) : (
        <DataTable
          caption="Orders"
          rows={data?.orders ?? []}
          rowKey={(o) => o._id}
          empty="No Orders Found"
          columns={[
            { key: 'index', header: 'Index', cell: (_o, i) => i + 1 },
            {
              key: 'id',
              header: 'Unique ID',
              primary: true,
              cell: (o) => (
                <Link to={`/admin/orders/${o._id}`} className="mono">
                  {o._id}
                </Link>
              ),
            },
            {
              key: 'user',
              header: 'User',
              cell: (o) => (
                <span className="stack">
                  <span>{o.user.name}</span>
                  <span className="muted small">{o.user.email}</span>
                </span>
              ),
            },
            {
              key: 'products',
              header: 'Products',
              cell: (o) => <OrderLineProduct order={o} quantity />,
            },
            { key: 'date', header: 'Date', cell: (o) => formatDate(o.createdAt) },
            { key: 'payment', header: 'Payment Status', cell: (o) => <StatusBadge value={o.payment} /> },
            {
              key: 'shipping',
              header: 'Shipping Status',
              cell: (o) => (
                <select
                  className={`status-select status-select--${o.status.toLowerCase().replace(/\s+/g, '-')}`}
                  aria-label={`Shipping status of order ${o._id}`}
                  value={o.status}
                  onChange={(e) => void onChoose(o, e.target.value)}
                >
                  {!isShippingStatus(o.status) && (
                    <option value={o.status} disabled>
                      {o.status}
                    </option>
                  )}
                  <ShippingStatusOptions />
                  <option value={DELETE}>Delete</option>
                </select>
              ),
            },
          ]}
        />
      )}
      <ConfirmDialog
        {...deletion.dialog}
        title="Delete order"
        message={`Delete the order line ${deletion.row?._id ?? ''}${deletion.row?.product ? ` (${deletion.row.product.name})` : ''}? This cannot be undone.`}
        busy={deleting}
      />
    </>
  );
}
