import { useState, type FormEvent } from 'react';
import { Button } from '@shop/ui/button';
import { SelectField } from '@shop/ui/form-field';
import { Link, useParams } from 'react-router';
import type { Order } from '@shop/domain/schemas/orders';
import { SHIPPING_STATUS_LABELS, type ShippingStatus } from '@shop/domain/constants';
import { cartTotal } from '@shop/domain/money';
import { assetHref } from '../../config';
import { formatDate, formatInr } from '../../lib/format';
import { notifySuccess } from '@shop/app-kit/notify';
import { PageHeader } from '../../components/page-header';
import { ReadOnlyField } from '../../components/read-only-field';
import { Loading } from '../../components/loading';
import { DataTable } from '@shop/ui/data-table';
import { StatusBadge } from '../../components/status-badge';
import {
  useCheckoutAfterSalesQuery,
  useCheckoutsQuery,
  useConfirmCodMutation,
  useDownloadInvoiceMutation,
  useOrderQuery,
  useShipCheckoutMutation,
  useUpdateOrderStatusMutation,
} from './orders-api';
import { ShipCheckoutDialog, type CheckoutToShip } from './ship-checkout-dialog';
import { sizeText } from '../../components/order-line-product';
import { isShippingStatus, ShippingStatusOptions, TrackingFields, type Tracking } from './shipping-fields';
import { ProblemReportsPanel } from './problem-reports-panel';
import type { RefundableLine } from './refund-lines';
import { RefundsPanel } from './refunds-panel';
import { TimelinePanel } from './timeline-panel';
import './orders.css';
import './after-sales.css';
import '../../components/detail-form.css';

function shippingLabel(status: string): string {
  return SHIPPING_STATUS_LABELS[status as ShippingStatus] ?? status;
}

/** One order line as a read-only form, with where it goes, how it ships and its tax invoice. */
export function OrderDetailPage() {
  const { id = '' } = useParams();
  const { data, isLoading, isError } = useOrderQuery(id);
  const order = data?.order;

  return (
    <>
      <PageHeader
        title={order?.order_number ? `Order ${order.order_number}` : 'Order'}
        subtitle={order ? <span className="mono">{order._id}</span> : undefined}
        back={{ to: '/admin/orders', label: 'Orders' }}
      />
      {isLoading ? (
        <Loading />
      ) : order ? (
        <>
          {order.order_number && <CheckoutPanel order={order} orderNumber={order.order_number} />}
          {!UNPAID.has(order.payment) && <AfterSales order={order} />}
          <OrderForm order={order} />
          <div className="order-panels">
            <DeliveryPanel order={order} />
            <ShippingForm key={`${order._id}:${order.status}:${order.tracking_number ?? ''}`} order={order} />
          </div>
        </>
      ) : isError ? (
        <p className="empty-state">No Orders Found</p>
      ) : null}
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
          {sizeText(order) && <p className="muted">{sizeText(order)}</p>}
          {order.product && (
            <p className="muted">
              {formatInr(order.product.price)} × {order.cart_quantity}
            </p>
          )}
          {order.product && !order.product.available && (
            <p>
              <em className="muted">Product no longer available</em>
            </p>
          )}
        </div>
      </div>
      <div className="form-grid">
        <ReadOnlyField label="Unique ID" value={order._id} />
        {order.order_number && <ReadOnlyField label="Order number" value={order.order_number} />}
        <ReadOnlyField label="Date" value={formatDate(order.createdAt)} />
        <ReadOnlyField label="User" value={order.user.name} />
        <ReadOnlyField label="Email" value={order.user.email} />
        <ReadOnlyField label="Product" value={order.product?.name ?? 'Product no longer available'} />
        {order.variant_label && <ReadOnlyField label="Size" value={order.variant_label} />}
        {order.sku && <ReadOnlyField label="SKU" value={order.sku} />}
        <ReadOnlyField label="Quantity" value={String(order.cart_quantity)} />
        <ReadOnlyField label="Price" value={order.product ? formatInr(order.product.price) : '—'} />
        <ReadOnlyField
          label="Total"
          value={order.product ? formatInr(cartTotal([{ price: order.product.price, cart_quantity: order.cart_quantity }])) : '—'}
        />
        <ReadOnlyField label="Order total (whole checkout)" value={formatInr(order.order_total)} />
        <ReadOnlyField label="Payment Status" value={order.payment} />
        <ReadOnlyField label="Payment method" value={order.payment_method === 'cod' ? 'Cash on delivery' : 'Paid online'} />
        {order.shipping_fee ? <ReadOnlyField label="Delivery fee" value={formatInr(order.shipping_fee)} /> : null}
        {order.cod_fee ? <ReadOnlyField label="Cash on delivery fee" value={formatInr(order.cod_fee)} /> : null}
        {order.payment === 'COD: to confirm' && <ConfirmCodButton orderId={order.order_id} />}
        <ReadOnlyField label="Shipping Status" value={shippingLabel(order.status)} />
        <ReadOnlyField label="Order ID (payment provider)" value={order.order_id} />
        <ReadOnlyField label="Payment ID" value={order.payment_id} />
        <ReadOnlyField label="Receipt" value={order.receipt} />
      </div>
    </form>
  );
}

/** Attempts that were never paid: nothing to refund, nothing to report. */
const UNPAID = new Set(['Pending', 'Failed', 'Expired']);

/**
 * Money back and what happened (issue 30): the checkout's refunds and the refund form, its problem reports and its
 * timeline. While a refund is pending they are asked again every few seconds, so "Processed" shows by itself.
 */
function AfterSales({ order }: { order: Order }) {
  const [live, setLive] = useState(false);
  const { data: afterSales } = useCheckoutAfterSalesQuery(order.order_id, { pollingInterval: live ? 5000 : 0, skipPollingIfUnfocused: true });
  const { data: found } = useCheckoutsQuery({ q: order.order_number ?? '' }, { skip: !order.order_number });
  const pending = afterSales?.refunds.some((r) => r.status === 'pending') ?? false;
  if (pending !== live) setLive(pending);
  if (!afterSales) return null;
  const checkout = found?.checkouts.find((c) => c.order_id === order.order_id);
  const items = checkout?.items ?? [
    { _id: order._id, name: order.product?.name ?? 'Product no longer available', variant_label: order.variant_label, quantity: order.cart_quantity, price: order.product?.price ?? 0, status: order.status },
  ];
  const lines: RefundableLine[] = items.map((item) => {
    const line = afterSales.lines.find((l) => l._id === item._id);
    return {
      _id: item._id,
      name: item.name,
      variant_label: item.variant_label,
      price: item.price,
      quantity: item.quantity,
      refunded_quantity: line?.refunded_quantity ?? 0,
      status: shippingLabel(line?.status ?? item.status),
    };
  });
  return (
    <div className="after-sales">
      <ProblemReportsPanel problems={afterSales.problems} lines={lines} />
      <RefundsPanel afterSales={afterSales} lines={lines} payment={checkout?.payment ?? order.payment} />
      <TimelinePanel orderId={order.order_id} live={live} />
    </div>
  );
}

/** A COD order waiting for the shopper's confirmation: the admin confirms it for them (after a phone call). */
function ConfirmCodButton({ orderId }: { orderId: string }) {
  const [confirmCod, { isLoading }] = useConfirmCodMutation();
  const onClick = async () => {
    try {
      notifySuccess((await confirmCod(orderId).unwrap()).message);
    } catch {
      // toasted with the server's reason
    }
  };
  return (
    <div>
      <Button type="button" disabled={isLoading} onClick={() => void onClick()}>
        Confirm cash-on-delivery order
      </Button>
    </div>
  );
}

/**
 * The whole checkout this line belongs to: its lines (each opens its own page, where one line can still ship on its
 * own) and one status for all of them; Shipped asks for the courier and tracking in the same step.
 */
function CheckoutPanel({ order, orderNumber }: { order: Order; orderNumber: string }) {
  const { data } = useCheckoutsQuery({ q: orderNumber });
  const checkout = data?.checkouts.find((c) => c.order_id === order.order_id);
  const [status, setStatus] = useState<ShippingStatus | ''>('');
  const [toShip, setToShip] = useState<CheckoutToShip | null>(null);
  const [ship, { isLoading }] = useShipCheckoutMutation();
  if (!checkout) return null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (status === '') return;
    if (status === 'Shipped') {
      setToShip({ order_id: checkout.order_id, order_number: checkout.order_number });
      return;
    }
    try {
      await ship({ order_id: checkout.order_id, status }).unwrap();
      notifySuccess('Shipping status updated successfully');
    } catch {
      // toasted with the server's reason
    }
  };

  return (
    <section className="panel checkout-panel" aria-labelledby="checkout-title">
      <h2 id="checkout-title" className="order-panel__title">
        Checkout <span className="mono">{checkout.order_number}</span> · {formatInr(checkout.amount)} · {checkout.status}
      </h2>
      <DataTable
        caption={`Lines of ${checkout.order_number}`}
        rows={checkout.items}
        rowKey={(item) => item._id}
        columns={[
          {
            key: 'product',
            header: 'Product',
            primary: true,
            cell: (item) => (
              <span className="line-product">
                {item._id === order._id ? (
                  <strong aria-current="page">{item.name}</strong>
                ) : (
                  <Link to={`/admin/orders/${item._id}`}>{item.name}</Link>
                )}
                {sizeText(item) && <span className="muted small line-product__size">{sizeText(item)}</span>}
              </span>
            ),
          },
          { key: 'qty', header: 'Quantity', align: 'end', cell: (item) => item.quantity },
          { key: 'price', header: 'Price', align: 'end', cell: (item) => formatInr(item.price) },
          { key: 'status', header: 'Shipping', cell: (item) => <StatusBadge value={shippingLabel(item.status)} /> },
          { key: 'tracking', header: 'Tracking', cell: (item) => [item.courier, item.tracking_number].filter(Boolean).join(' ') || '—' },
        ]}
      />
      <form className="checkout-panel__ship" aria-label="Ship the whole checkout" onSubmit={submit}>
        <SelectField id="checkout-status" label="Every line of this order" value={status} onChange={(e) => setStatus(e.target.value as ShippingStatus)}>
          <option value="" disabled>
            Choose a status
          </option>
          <ShippingStatusOptions />
        </SelectField>
        <Button type="submit" disabled={isLoading || status === ''}>
          Update whole order
        </Button>
      </form>
      <ShipCheckoutDialog checkout={toShip} onClose={() => setToShip(null)} />
    </section>
  );
}

/** The delivery snapshot taken at checkout: a later profile edit never changes it. */
function DeliveryPanel({ order }: { order: Order }) {
  const { delivery } = order;
  return (
    <section className="panel" aria-labelledby="deliver-to-title">
      <h2 id="deliver-to-title" className="order-panel__title">
        Deliver to
      </h2>
      {delivery ? (
        <form aria-label="Delivery" onSubmit={(e) => e.preventDefault()}>
          <div className="form-grid">
            <ReadOnlyField label="Name" value={delivery.name} />
            <ReadOnlyField label="Phone" value={delivery.phone} />
            <ReadOnlyField label="Address" value={delivery.address} rows={4} />
            <ReadOnlyField label="State" value={delivery.state} />
            <ReadOnlyField label="PIN code" value={delivery.pin || '—'} />
          </div>
        </form>
      ) : (
        <p className="muted">This order was placed before delivery details were recorded.</p>
      )}
      {order.invoice_number && <InvoiceLink order={order} />}
    </section>
  );
}

function InvoiceLink({ order }: { order: Order }) {
  const [download, { isLoading }] = useDownloadInvoiceMutation();
  return (
    <p className="order-invoice">
      <span>
        Invoice <span className="mono">{order.invoice_number}</span>
      </span>
      <Button variant="outline" disabled={isLoading} onClick={() => void download(order.order_id)}>
        {isLoading ? 'Preparing…' : 'Tax invoice (PDF)'}
      </Button>
    </p>
  );
}

/** Sets the shipping status; Shipped takes the courier, tracking number and tracking link the customer is mailed. */
function ShippingForm({ order }: { order: Order }) {
  const [status, setStatus] = useState<ShippingStatus | ''>(isShippingStatus(order.status) ? order.status : '');
  const [tracking, setTracking] = useState<Tracking>({
    courier: order.courier ?? '',
    trackingNumber: order.tracking_number ?? '',
    trackingUrl: order.tracking_url ?? '',
  });
  const { courier, trackingNumber, trackingUrl } = tracking;
  const [update, { isLoading }] = useUpdateOrderStatusMutation();
  const shipped = status === 'Shipped';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (status === '') return;
    try {
      await update(
        shipped
          ? { id: order._id, status, courier: courier.trim(), tracking_number: trackingNumber.trim(), tracking_url: trackingUrl.trim() }
          : { id: order._id, status },
      ).unwrap();
      notifySuccess('Shipping status updated successfully');
    } catch {
      // toasted
    }
  };

  return (
    <section className="panel" aria-labelledby="shipping-title">
      <h2 id="shipping-title" className="order-panel__title">
        Shipping
      </h2>
      <form aria-label="Shipping" onSubmit={submit}>
        <SelectField id="shipping-status" label="Shipping status" value={status} onChange={(e) => setStatus(e.target.value as ShippingStatus)}>
          {status === '' && (
            <option value="" disabled>
              {order.status}
            </option>
          )}
          <ShippingStatusOptions />
        </SelectField>
        {shipped && (
          <TrackingFields
            idPrefix="shipping"
            value={tracking}
            onChange={setTracking}
            maxLength={{ courier: 80, trackingNumber: 60 }}
            urlLabel="Tracking URL"
          />
        )}
        <div className="shipping-form__actions">
          <Button type="submit" disabled={isLoading || status === ''}>
            Update shipping
          </Button>
          {shipped && <span className="muted small">The customer is mailed the courier and tracking number.</span>}
        </div>
      </form>
    </section>
  );
}
