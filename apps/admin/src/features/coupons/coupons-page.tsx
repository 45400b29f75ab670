import { useState } from 'react';
import type { Coupon } from '@shop/domain/schemas/coupons';
import { notifySuccess } from '@shop/app-kit/notify';
import { Badge, type BadgeTone } from '@shop/ui/badge';
import { Button } from '@shop/ui/button';
import { DataTable } from '@shop/ui/data-table';
import { LoadFailed } from '@shop/ui/load-failed';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PencilIcon, PlusIcon, TrashIcon } from '../../components/icons';
import { Loading } from '../../components/loading';
import { PageHeader } from '../../components/page-header';
import { useConfirmDelete } from '../../components/use-confirm-delete';
import { formatDay, formatInr } from '../../lib/format';
import { istDay } from './coupon-form';
import { CouponDialog } from './coupon-dialog';
import { useCouponsQuery, useDeleteCouponMutation } from './coupons-api';
import './coupons.css';

/** "10% off, at most ₹ 500.00", "₹ 100.00 off", "Free delivery". */
function offerText(c: Coupon): string {
  if (c.kind === 'free_shipping') return 'Free delivery';
  if (c.kind === 'fixed') return `${formatInr(c.value)} off`;
  return `${c.value}% off${c.max_discount !== undefined ? `, at most ${formatInr(c.max_discount)}` : ''}`;
}

/** "100 in all · 1 per customer · first order only", or "No limits". */
function limitsText(c: Coupon): string {
  const parts = [
    c.usage_limit !== undefined ? `${c.usage_limit} in all` : null,
    c.per_customer_limit !== undefined ? `${c.per_customer_limit} per customer` : null,
    c.first_order_only ? 'first order only' : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : 'No limits';
}

/** Whether shoppers may use it now: Off (not active), Scheduled, Ended, Used up, or Live. */
function statusOf(c: Coupon, now: number): { label: string; tone: BadgeTone } {
  if (!c.active) return { label: 'Off', tone: 'plain' };
  if (now < Date.parse(c.starts_at)) return { label: 'Scheduled', tone: 'info' };
  if (now > Date.parse(c.ends_at)) return { label: 'Ended', tone: 'bad' };
  if (c.usage_limit !== undefined && c.uses.paid + c.uses.held >= c.usage_limit) return { label: 'Used up', tone: 'wait' };
  return { label: 'Live', tone: 'ok' };
}

/** The Coupons screen (issue 31): every code with its terms, uses (paid and held) and the revenue it brought. */
export function CouponsPage() {
  const { data, isLoading, isError, error, refetch, isFetching } = useCouponsQuery();
  const [deleteCoupon, { isLoading: deleting }] = useDeleteCouponMutation();
  const [dialog, setDialog] = useState<{ coupon: Coupon | null } | null>(null);
  const removal = useConfirmDelete(async (c: Coupon) => {
    await deleteCoupon(c._id).unwrap();
    notifySuccess(`Coupon ${c.code} deleted`);
  });
  const coupons = data?.coupons ?? [];
  const now = Date.now();

  return (
    <>
      <PageHeader
        title="Coupons"
        subtitle="Codes shoppers apply in the cart, one per order. Days are in IST; amounts in INR."
        actions={
          <Button onClick={() => setDialog({ coupon: null })}>
            <PlusIcon size={16} /> Add coupon
          </Button>
        }
      />
      <div className="panel coupons">
        {isLoading ? (
          <Loading />
        ) : isError ? (
          <LoadFailed what="the coupons" message={(error as { message?: string } | undefined)?.message} onRetry={refetch} retrying={isFetching} />
        ) : (
          <DataTable
            caption="Coupons"
            rows={coupons}
            rowKey={(c) => c._id}
            empty="No coupons yet: add one for a festival or for first orders."
            columns={[
              { key: 'code', header: 'Code', primary: true, cell: (c) => <span className="mono coupons__code">{c.code}</span> },
              {
                key: 'offer',
                header: 'Offer',
                cell: (c) => (
                  <span className="coupons__stack">
                    <span>{offerText(c)}</span>
                    {c.min_order !== undefined && <span className="muted small">on orders from {formatInr(c.min_order)}</span>}
                  </span>
                ),
              },
              {
                key: 'valid',
                header: 'Valid (IST)',
                cell: (c) => (
                  <span className="coupons__nowrap">
                    {formatDay(istDay(c.starts_at))} – {formatDay(istDay(c.ends_at))}
                  </span>
                ),
              },
              { key: 'limits', header: 'Limits', cell: (c) => limitsText(c) },
              {
                key: 'status',
                header: 'Status',
                cell: (c) => {
                  const s = statusOf(c, now);
                  return <Badge tone={s.tone}>{s.label}</Badge>;
                },
              },
              {
                key: 'uses',
                header: 'Uses',
                align: 'end',
                cell: (c) => (
                  <span className="coupons__stack">
                    <span>{c.uses.paid} paid</span>
                    <span className="muted small">{c.uses.held} held</span>
                  </span>
                ),
              },
              {
                key: 'revenue',
                header: 'Revenue',
                align: 'end',
                cell: (c) => (
                  <span className="coupons__stack">
                    <span>{formatInr(c.revenue)}</span>
                    {c.discount_given > 0 && <span className="muted small">{formatInr(c.discount_given)} off</span>}
                  </span>
                ),
              },
              {
                key: 'actions',
                header: 'Actions',
                action: true,
                cell: (c) => (
                  <span className="coupons__actions">
                    <button type="button" className="icon-btn coupons__icon-btn" aria-label={`Edit coupon ${c.code}`} onClick={() => setDialog({ coupon: c })}>
                      <PencilIcon />
                    </button>
                    <button
                      type="button"
                      className="icon-btn icon-btn--danger coupons__icon-btn"
                      aria-label={`Delete coupon ${c.code}`}
                      onClick={() => removal.ask(c)}
                    >
                      <TrashIcon />
                    </button>
                  </span>
                ),
              },
            ]}
          />
        )}
      </div>
      {dialog && <CouponDialog coupon={dialog.coupon} onClose={() => setDialog(null)} />}
      <ConfirmDialog
        {...removal.dialog}
        title="Delete coupon"
        message={`Delete the coupon ${removal.row?.code ?? ''}? Shoppers can no longer apply it. A coupon orders have used is kept: turn it off instead.`}
        busy={deleting}
      />
    </>
  );
}
