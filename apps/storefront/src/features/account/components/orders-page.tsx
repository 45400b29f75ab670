import { useMemo, useState, type ReactNode } from 'react';
import { formatDate } from '@shop/domain/date';
import { formatPrice } from '@shop/domain/money';
import type { Order } from '@shop/domain/schemas/orders';
import type { CheckoutAfterSales } from '@shop/domain/schemas/refunds';
import { LogoLoader } from '@shop/ui/logo-loader';
import { PageHeader } from '../../../components/page-header';
import { Price } from '../../../components/price';
import { ProductImage } from '../../../components/product-image';
import { SizeAndSku } from '../../../components/size-and-sku';
import { config } from '../../../config';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { useAfterSalesQuery, useDownloadInvoiceMutation, useOrdersQuery } from '../api/account-api';
import { AccountTabs } from './account-tabs';
import { CancelActions, LineAfterSales, RefundList } from './checkout-after-sales';
import { DeliveryAddress } from './delivery-address';
import { OrderTimeline } from './order-timeline';
import './account.css';
import './after-sales.css';

// "COD: to confirm" reads pill--cod-to-confirm.
const pillClass = (payment: string) => `pill pill--${payment.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

/** The order as people name it (`SF-10234`); the provider's id only from a server that has no numbers yet. */
const orderName = (order: Order) => order.order_number ?? order.order_id;

/** `showStatus`: the lines of its checkout differ, so each line says where it is; `after`: its refunds and reports. */
function OrderCard({ order, showStatus, after }: { order: Order; showStatus: boolean; after?: ReactNode }) {
  const { product } = order;
  return (
    <li className="order-card card">
      <ProductImage src={product?.image} alt={product ? product.name : 'Product no longer available'} sizes="96px" width={96} height={96} />
      <div className="order-card__info">
        <p className="order-card__id">
          Order <span>{orderName(order)}</span>
        </p>
        {product ? (
          <>
            <p className="order-card__product">
              <strong>{product.name}</strong> <Price value={product.price} />
              {/* The line keeps what was sold; the shop no longer selling it is said beside the name. */}
              {product.available === false && <span className="order-card__gone order-card__gone--beside"> Product no longer available</span>}
            </p>
            <SizeAndSku line={order} block="order-card" />
          </>
        ) : (
          <p className="order-card__product order-card__gone">Product no longer available</p>
        )}
        <p className="order-card__meta">
          Quantity: {order.cart_quantity} · {formatDate(order.createdAt)}
          {showStatus && <span className="order-card__status"> · {order.status}</span>}
        </p>
        {showStatus && order.tracking_number && (
          <p className="order-card__meta">
            Tracking: <TrackedBy parcel={order} />
          </p>
        )}
        {after}
      </div>
    </li>
  );
}

function InvoiceButton({ orderId }: { orderId: string }) {
  const [download, { isLoading }] = useDownloadInvoiceMutation();
  return (
    <button type="button" className="btn btn-outline checkout-card__invoice" disabled={isLoading} onClick={() => void download(orderId)}>
      {isLoading ? 'Preparing invoice…' : 'Tax invoice (PDF)'}
    </button>
  );
}

/** "1 Shipped, 1 Processing": how many lines of a checkout are at each status, in the order the lines come. */
function statusCounts(lines: Order[]): string {
  const counts = new Map<string, number>();
  for (const l of lines) counts.set(l.status, (counts.get(l.status) ?? 0) + 1);
  return [...counts].map(([status, n]) => `${n} ${status}`).join(', ');
}

/**
 * One checkout: its lines (a card each, as the spec has them), what it cost, where it goes and how it travels.
 * Its status is its lines' status while they agree; when they differ the header says so and each line shows its own.
 */
function CheckoutCard({ lines, afterSales }: { lines: Order[]; afterSales: CheckoutAfterSales | undefined }) {
  const first = lines[0]!;
  const lineAfter = (o: Order) => {
    const line = afterSales?.lines.find((l) => l._id === o._id);
    if (!afterSales || !line) return undefined;
    const name = [o.product?.name ?? 'Product no longer available', o.variant_label].filter(Boolean).join(' ');
    return <LineAfterSales orderId={o.order_id} line={line} problems={afterSales.problems} name={name} />;
  };
  const differ = lines.some((l) => l.status !== first.status);
  const tracked = differ ? undefined : lines.find((l) => l.tracking_number);
  // What the coupon took off the checkout: its lines' shares, in paise so they add up exactly.
  const discount = lines.reduce((paise, l) => paise + Math.round((l.discount ?? 0) * 100), 0) / 100;
  return (
    <article className="checkout-card card" aria-label={`Order ${orderName(first)}`}>
      <header className="checkout-card__head">
        <p className="checkout-card__title">
          Order <span className="order-id">{orderName(first)}</span>
        </p>
        <p className="checkout-card__status">
          <span className={pillClass(first.payment)}>{first.payment}</span>{' '}
          <span>{differ ? `Lines differ: ${statusCounts(lines)}` : first.status}</span> · <span>{formatDate(first.createdAt)}</span>
        </p>
      </header>
      <ul className="order-cards" aria-label="Order lines">
        {lines.map((o) => (
          <OrderCard key={o._id} order={o} showStatus={differ} after={lineAfter(o)} />
        ))}
      </ul>
      <dl className="checkout-card__facts">
        <div>
          <dt>Order total</dt>
          {/* Charged in rupees whatever currency the shop is shown in. */}
          <dd className="checkout-card__total">{formatPrice(first.order_total, 'INR', 1)}</dd>
        </div>
        {first.payment_method === 'cod' && (
          <div>
            <dt>Payment</dt>
            <dd>
              Cash on delivery
              {first.payment === 'COD: to confirm' ? ' (please confirm it with the link in your mail)' : ''}
            </dd>
          </div>
        )}
        {discount > 0 && (
          <div>
            <dt>{first.coupon ? `Coupon ${first.coupon}` : 'Discount'}</dt>
            <dd>− {formatPrice(discount, 'INR', 1)}</dd>
          </div>
        )}
        {first.shipping_fee ? (
          <div>
            <dt>Delivery</dt>
            <dd>{formatPrice(first.shipping_fee, 'INR', 1)}</dd>
          </div>
        ) : null}
        {first.cod_fee ? (
          <div>
            <dt>Cash on delivery fee</dt>
            <dd>{formatPrice(first.cod_fee, 'INR', 1)}</dd>
          </div>
        ) : null}
        {first.delivery && (
          <div>
            <dt>Deliver to</dt>
            <dd>
              <DeliveryAddress delivery={first.delivery} block="checkout-card" />
            </dd>
          </div>
        )}
        {tracked && (
          <div>
            <dt>Tracking</dt>
            <dd>
              <TrackedBy parcel={tracked} />
            </dd>
          </div>
        )}
      </dl>
      {afterSales && <RefundList afterSales={afterSales} />}
      <div className="checkout-card__actions">
        {afterSales && <CancelActions afterSales={afterSales} orderName={orderName(first)} />}
        {first.invoice_number && <InvoiceButton orderId={first.order_id} />}
      </div>
      <OrderTimeline orderId={first.order_id} live={afterSales?.refunds.some((r) => r.status === 'pending') ?? false} />
    </article>
  );
}

/** The lines of each checkout together, in the order the server lists them. */
function byCheckout(orders: readonly Order[]): Order[][] {
  const groups = new Map<string, Order[]>();
  for (const o of orders) groups.set(o.order_id, [...(groups.get(o.order_id) ?? []), o]);
  return [...groups.values()];
}

export default function OrdersPage() {
  // Paid orders by default; failed and expired attempts only when the customer asks for them.
  const [attempts, setAttempts] = useState(false);
  const { data: orders, isError } = useOrdersQuery({ attempts });
  // While a refund is on its way, its state is asked again every few seconds, so "processed" shows without a reload.
  const [pending, setPending] = useState(false);
  const { data: afterSalesList } = useAfterSalesQuery(undefined, { pollingInterval: pending ? 5000 : 0, skipPollingIfUnfocused: true });
  const afterSales = useMemo(() => new Map((afterSalesList ?? []).map((c) => [c.order_id, c])), [afterSalesList]);
  const anyPending = (afterSalesList ?? []).some((c) => c.refunds.some((r) => r.status === 'pending'));
  if (anyPending !== pending) setPending(anyPending);
  usePageMeta('Orders', `Your ${config.brand} orders and their status.`);
  if (!orders || isError) return <LogoLoader title={config.brand} />;

  return (
    <div className="container page account">
      <AccountTabs />
      <PageHeader title="Orders" />
      <label className="list-toggle orders-toggle">
        <input type="checkbox" checked={attempts} onChange={(e) => setAttempts(e.target.checked)} />
        Show failed and expired payment attempts
      </label>
      {orders.length === 0 ? (
        <p className="empty-state card">No Orders Found</p>
      ) : (
        <>
          <div className="table-wrap card">
            <table className="orders-table">
              <thead>
                <tr>
                  <th scope="col" className="hide-sm">
                    Index
                  </th>
                  <th scope="col" className="hide-sm">
                    Order ID
                  </th>
                  <th scope="col">Date</th>
                  <th scope="col">Payment</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {orders.map((o, i) => (
                  <tr key={o._id}>
                    <td className="hide-sm">{i + 1}</td>
                    <td className="hide-sm order-id">{orderName(o)}</td>
                    <td>{formatDate(o.createdAt)}</td>
                    <td>
                      <span className={pillClass(o.payment)}>{o.payment}</span>
                    </td>
                    <td>{o.status}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="checkouts">
            {byCheckout(orders).map((lines) => (
              <CheckoutCard key={lines[0]!.order_id} lines={lines} afterSales={afterSales.get(lines[0]!.order_id)} />
            ))}
          </div>
        </>
      )}
    </div>
  );
}

/** The courier, the tracking number and a link to follow the parcel, where the shop gave them. */
function TrackedBy({ parcel }: { parcel: { courier?: string | null; tracking_number?: string; tracking_url?: string | null } }) {
  return (
    <>
      {parcel.courier && <span>{parcel.courier}: </span>}
      <span className="order-id">{parcel.tracking_number}</span>
      {parcel.tracking_url && (
        <>
          {' '}
          <a href={parcel.tracking_url} target="_blank" rel="noopener noreferrer">
            Track the parcel
          </a>
        </>
      )}
    </>
  );
}
