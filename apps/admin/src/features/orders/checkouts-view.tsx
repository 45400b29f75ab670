import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DataTable } from '@shop/ui/data-table';
import { Button } from '@shop/ui/button';
import { PAYMENT_STATUSES, type PaymentStatus } from '@shop/domain/constants';
import type { CheckoutSummary, CheckoutsQuery } from '@shop/domain/schemas/checkouts';
import { notifySuccess } from '@shop/app-kit/notify';
import { formatDate, formatInr } from '../../lib/format';
import { StatusBadge } from '../../components/status-badge';
import { Loading } from '../../components/loading';
import { useCheckoutsQuery, useConfirmCodMutation, useExportOrdersMutation, usePrintSlipsMutation, useShipCheckoutMutation } from './orders-api';
import { ShipCheckoutDialog, type CheckoutToShip } from './ship-checkout-dialog';
import { isShippingStatus, ShippingStatusOptions } from './shipping-fields';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function isPaymentStatus(value: string): value is PaymentStatus {
  return (PAYMENT_STATUSES as readonly string[]).includes(value);
}

/** The list's filters as the URL holds them (a link or a reload shows the same list); odd values are ignored. */
function checkoutsQueryOf(params: URLSearchParams): CheckoutsQuery {
  const query: CheckoutsQuery = {};
  const q = params.get('q')?.trim();
  if (q) query.q = q.slice(0, 100);
  const payment = params.get('payment') ?? '';
  if (isPaymentStatus(payment)) query.payment = payment;
  const status = params.get('status') ?? '';
  if (isShippingStatus(status)) query.status = status;
  const from = params.get('from') ?? '';
  if (DAY.test(from)) query.from = from;
  const to = params.get('to') ?? '';
  if (DAY.test(to)) query.to = to;
  const page = Number(params.get('page'));
  if (Number.isInteger(page) && page > 1) query.page = page;
  return query;
}

/** "A2 Cow Ghee 500 ml (GHEE-500) × 2, Hair Oil 100 ml (OIL-100) × 1": each line with its size and SKU as sold. */
function itemsText(checkout: CheckoutSummary): string {
  return checkout.items
    .map((item) => `${[item.name, item.variant_label].filter(Boolean).join(' ')}${item.sku ? ` (${item.sku})` : ''} × ${item.quantity}`)
    .join(', ');
}

/**
 * The order desk: one row per checkout, found by order number, name, email or phone, filtered by payment, shipping
 * and days (all kept in the URL). A whole checkout ships in one step; the filtered orders export as CSV and the
 * chosen ones print as packing slips or labels.
 */
export function CheckoutsView() {
  const [params, setParams] = useSearchParams();
  const query = checkoutsQueryOf(params);
  const { data, isLoading, isFetching } = useCheckoutsQuery(query);
  const [ship] = useShipCheckoutMutation();
  const [confirmCod, { isLoading: confirming }] = useConfirmCodMutation();
  const [exportOrders, { isLoading: exporting }] = useExportOrdersMutation();
  const [printSlips, { isLoading: printing }] = usePrintSlipsMutation();
  const [search, setSearch] = useState(query.q ?? '');
  const [toShip, setToShip] = useState<CheckoutToShip | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [format, setFormat] = useState<'lines' | 'orders'>('lines');
  const [layout, setLayout] = useState<'a4' | 'label'>('label');

  const checkouts = data?.checkouts ?? [];
  const page = data?.page ?? query.page ?? 1;
  const pages = data?.pages ?? 1;

  /** Sets (or clears) filters in the URL; any change of filter starts again at page 1. */
  const setFilters = (changes: Record<string, string | undefined>) => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: false },
    );
  };

  const submitSearch = (e: FormEvent) => {
    e.preventDefault();
    setFilters({ q: search.trim() || undefined });
  };

  const onChoose = async (checkout: CheckoutSummary, value: string) => {
    if (!isShippingStatus(value)) return;
    if (value === 'Shipped') {
      setToShip({ order_id: checkout.order_id, order_number: checkout.order_number });
      return;
    }
    try {
      await ship({ order_id: checkout.order_id, status: value }).unwrap();
      notifySuccess('Shipping status updated successfully');
    } catch {
      // toasted with the server's reason
    }
  };

  const onConfirm = async (checkout: CheckoutSummary) => {
    try {
      const { message } = await confirmCod(checkout.order_id).unwrap();
      notifySuccess(message);
    } catch {
      // toasted with the server's reason
    }
  };

  const toggle = (orderId: string, on: boolean) =>
    setSelected((ids) => (on ? [...ids.filter((id) => id !== orderId), orderId] : ids.filter((id) => id !== orderId)));
  const pageIds = checkouts.map((c) => c.order_id);
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selected.includes(id));

  const { q, payment, status, from, to } = query;

  return (
    <>
      <form className="desk-search" role="search" aria-label="Find orders" onSubmit={submitSearch}>
        <label htmlFor="desk-q" className="visually-hidden">
          Search orders
        </label>
        <input
          id="desk-q"
          type="search"
          className="input"
          placeholder="Order number, name, email or phone"
          value={search}
          maxLength={100}
          onChange={(e) => setSearch(e.target.value)}
        />
        <Button type="submit">Search</Button>
      </form>
      <div className="desk-filters" role="group" aria-label="Filters">
        <label>
          <span>Payment</span>
          <select className="input" value={payment ?? ''} onChange={(e) => setFilters({ payment: e.target.value || undefined })}>
            <option value="">All</option>
            {PAYMENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>Shipping</span>
          <select className="input" value={status ?? ''} onChange={(e) => setFilters({ status: e.target.value || undefined })}>
            <option value="">All</option>
            <ShippingStatusOptions />
          </select>
        </label>
        <label>
          <span>From</span>
          <input type="date" className="input" value={from ?? ''} max={to} onChange={(e) => setFilters({ from: e.target.value || undefined })} />
        </label>
        <label>
          <span>To</span>
          <input type="date" className="input" value={to ?? ''} min={from} onChange={(e) => setFilters({ to: e.target.value || undefined })} />
        </label>
        {(q || payment || status || from || to) && (
          <Button
            variant="outline"
            small
            onClick={() => {
              setSearch('');
              setFilters({ q: undefined, payment: undefined, status: undefined, from: undefined, to: undefined });
            }}
          >
            Clear
          </Button>
        )}
      </div>
      <div className="desk-actions">
        <span className="desk-actions__group">
          <label>
            <span className="visually-hidden">Export format</span>
            <select className="input" value={format} onChange={(e) => setFormat(e.target.value as 'lines' | 'orders')} aria-label="Export format">
              <option value="lines">A row per line</option>
              <option value="orders">A row per order</option>
            </select>
          </label>
          <Button
            variant="outline"
            disabled={exporting}
            onClick={() => void exportOrders({ q, payment, status, from, to, format })}
          >
            {exporting ? 'Exporting…' : 'Export CSV'}
          </Button>
        </span>
        <span className="desk-actions__group">
          <label>
            <span className="visually-hidden">Print layout</span>
            <select className="input" value={layout} onChange={(e) => setLayout(e.target.value as 'a4' | 'label')} aria-label="Print layout">
              <option value="label">Labels 100 × 150 mm</option>
              <option value="a4">Packing slips A4</option>
            </select>
          </label>
          <Button
            disabled={printing || selected.length === 0}
            onClick={() => void printSlips({ ids: selected.join(','), layout })}
          >
            {printing ? 'Preparing…' : `Print${selected.length ? ` (${selected.length})` : ''}`}
          </Button>
        </span>
      </div>
      {isLoading ? (
        <Loading />
      ) : (
        <div aria-busy={isFetching}>
          <label className="list-toggle orders-filter desk-select-all">
            <input
              type="checkbox"
              checked={allOnPage}
              disabled={pageIds.length === 0}
              onChange={(e) =>
                setSelected((ids) => (e.target.checked ? [...new Set([...ids, ...pageIds])] : ids.filter((id) => !pageIds.includes(id))))
              }
            />
            Select all on this page
          </label>
          <DataTable
            caption="Checkouts"
            rows={checkouts}
            rowKey={(c) => c.order_id}
            empty="No Orders Found"
            columns={[
              {
                key: 'select',
                header: 'Select',
                action: true,
                cell: (c) => (
                  <input
                    type="checkbox"
                    className="desk-check"
                    aria-label={`Select ${c.order_number}`}
                    checked={selected.includes(c.order_id)}
                    onChange={(e) => toggle(c.order_id, e.target.checked)}
                  />
                ),
              },
              {
                key: 'number',
                header: 'Order',
                primary: true,
                cell: (c) =>
                  c.items[0] ? (
                    <Link to={`/admin/orders/${c.items[0]._id}`} className="mono desk-number">
                      {c.order_number}
                    </Link>
                  ) : (
                    <span className="mono desk-number">{c.order_number}</span>
                  ),
              },
              {
                key: 'customer',
                header: 'Customer',
                cell: (c) => (
                  <span className="stack">
                    <span>{c.customer.name}</span>
                    <span className="muted small desk-contact">{c.customer.phone || c.customer.email}</span>
                  </span>
                ),
              },
              { key: 'items', header: 'Items', cell: (c) => <span className="desk-items">{itemsText(c)}</span> },
              { key: 'amount', header: 'Amount', align: 'end', cell: (c) => formatInr(c.amount) },
              {
                key: 'payment',
                header: 'Payment',
                cell: (c) => (
                  <span className="stack">
                    <StatusBadge value={c.payment} />
                    {c.payment_method === 'cod' && <span className="muted small">Cash on delivery</span>}
                    {c.payment === 'COD: to confirm' && (
                      <Button small variant="outline" disabled={confirming} aria-label={`Confirm ${c.order_number}`} onClick={() => void onConfirm(c)}>
                        Confirm
                      </Button>
                    )}
                  </span>
                ),
              },
              {
                key: 'shipping',
                header: 'Shipping',
                cell: (c) => (
                  <select
                    className={`status-select status-select--${c.status.toLowerCase().replace(/\s+/g, '-')}`}
                    aria-label={`Shipping status of ${c.order_number}`}
                    value={c.status}
                    onChange={(e) => void onChoose(c, e.target.value)}
                  >
                    {!isShippingStatus(c.status) && (
                      <option value={c.status} disabled>
                        {c.status}
                      </option>
                    )}
                    <ShippingStatusOptions />
                  </select>
                ),
              },
              { key: 'date', header: 'Date', cell: (c) => formatDate(c.createdAt) },
            ]}
          />
          <nav className="desk-pager" aria-label="Checkout pages">
            <Button variant="outline" small disabled={page <= 1} onClick={() => setFilters({ page: String(page - 1) })}>
              Prev
            </Button>
            <span aria-current="page">
              Page {page} of {Math.max(pages, 1)}
              {data ? ` · ${data.total} ${data.total === 1 ? 'order' : 'orders'}` : ''}
            </span>
            <Button variant="outline" small disabled={page >= pages} onClick={() => setFilters({ page: String(page + 1) })}>
              Next
            </Button>
          </nav>
        </div>
      )}
      <ShipCheckoutDialog checkout={toShip} onClose={() => setToShip(null)} />
    </>
  );
}
