import { useParams } from 'react-router';
import type { Order } from '@shop/domain/schemas/orders';
import { SHIPPING_STATUS_LABELS, type ShippingStatus } from '@shop/domain/constants';
import { cartTotal } from '@shop/domain/money';
import { assetHref } from '../../config';
import { formatDate, formatInr } from '../../lib/format';
import { PageHeader } from '../../components/page-header';
import { ReadOnlyField } from '../../components/read-only-field';
import { Loading } from '../../components/loading';
import { useOrderQuery } from './orders-api';

function shippingLabel(status: string): string {
  return SHIPPING_STATUS_LABELS[status as ShippingStatus] ?? status;
}

/** One order line as a read-only form. */
export function OrderDetailPage() {
  const { id = '' } = useParams();
  const { data, isLoading, isError } = useOrderQuery(id);
  const order = data?.order;

  return (
    <>
      <PageHeader title="Order" subtitle={order ? <span className="mono">{order._id}</span> : undefined} back={{ to: '/admin/orders', label: 'Orders' }} />
      {isLoading ? <Loading /> : order ? <OrderForm order={order} /> : isError ? <p className="empty-state">No Orders Found</p> : null}
    </>
  );
}

function OrderForm({ order }: { order: Order }) {
  return (
    <form className="panel detail-form" aria-label="Order details" onSubmit={(e) => e.preventDefault()}>
      <div className="detail-form__product">
        {order.product?.image ? <img src={assetHref(order.product.image)} alt="" /> : <div className="thumb-placeholder" aria-hidden="true" />}
        <div>
          <p className="detail-form__product-name">{order.product?.name ?? 'Product no longer available'}</p>
          {order.product && (
            <p className="muted">
              {formatInr(order.product.price)} × {order.cart_quantity}
            </p>
          )}
        </div>
      </div>
      <div className="form-grid">
        <ReadOnlyField label="Unique ID" value={order._id} />
        <ReadOnlyField label="Date" value={formatDate(order.createdAt)} />
        <ReadOnlyField label="User" value={order.user.name} />
        <ReadOnlyField label="Email" value={order.user.email} />
        <ReadOnlyField label="Product" value={order.product?.name ?? 'Product no longer available'} />
        <ReadOnlyField label="Quantity" value={String(order.cart_quantity)} />
        <ReadOnlyField label="Price" value={order.product ? formatInr(order.product.price) : '—'} />
        <ReadOnlyField
          label="Total"
          value={order.product ? formatInr(cartTotal([{ price: order.product.price, cart_quantity: order.cart_quantity }])) : '—'}
        />
        <ReadOnlyField label="Payment Status" value={order.payment} />
        <ReadOnlyField label="Shipping Status" value={shippingLabel(order.status)} />
        <ReadOnlyField label="Order ID (payment provider)" value={order.order_id} />
        <ReadOnlyField label="Payment ID" value={order.payment_id} />
        <ReadOnlyField label="Receipt" value={order.receipt} />
      </div>
    </form>
  );
}
