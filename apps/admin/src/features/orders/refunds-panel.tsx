/**
 * The order detail's money back (issue 30): what was paid, refunded and is left, each refund with its state and its
 * credit note, a refund of the whole checkout or of chosen lines, and the one-click refund of a `Refund due` order.
 */
import { useRef, useState, type FormEvent } from 'react';
import { notifySuccess } from '@shop/app-kit/notify';
import type { CheckoutAfterSales, CreateRefundBody, Refund } from '@shop/domain/schemas/refunds';
import { Button } from '@shop/ui/button';
import { DataTable } from '@shop/ui/data-table';
import { TextAreaField } from '@shop/ui/form-field';
import { Overlay } from '@shop/ui/overlay';
import { Badge, type BadgeTone } from '@shop/ui/badge';
import { formatDate, formatInr } from '../../lib/format';
import { useCreateRefundMutation, useDownloadCreditNoteMutation } from './orders-api';
import { chosenLines, chosenValue, lineName, RefundLinesPicker, useIdempotencyKey, type ChosenUnits, type RefundableLine } from './refund-lines';

const STATE: Record<Refund['status'], { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pending', tone: 'wait' },
  processed: { label: 'Processed', tone: 'ok' },
  failed: { label: 'Failed', tone: 'bad' },
};

function refundedWhat(refund: Refund): string {
  const lines = refund.lines.map((l) => `${l.quantity} × ${lineName(l)}`).join(', ');
  if (refund.includes_fees) return lines ? `Whole order: ${lines}` : 'Whole order';
  return lines || 'An amount';
}

function CreditNoteButton({ refund }: { refund: Refund }) {
  const [download, { isLoading }] = useDownloadCreditNoteMutation();
  if (!refund.credit_note) return <span className="muted small">—</span>;
  const { number } = refund.credit_note;
  return (
    <Button variant="outline" small className="tap" disabled={isLoading} onClick={() => void download({ refundId: refund._id, number })}>
      {isLoading ? 'Preparing…' : `Credit note ${number}`}
    </Button>
  );
}

/** The refunds of the checkout, oldest first. */
function RefundsTable({ refunds }: { refunds: Refund[] }) {
  return (
    <DataTable
      caption="Refunds"
      rows={refunds}
      rowKey={(r) => r._id}
      columns={[
        { key: 'amount', header: 'Amount', primary: true, align: 'end', cell: (r) => <strong>{formatInr(r.amount)}</strong> },
        { key: 'status', header: 'State', cell: (r) => <Badge tone={STATE[r.status].tone}>{STATE[r.status].label}</Badge> },
        { key: 'what', header: 'Lines', cell: (r) => refundedWhat(r) },
        {
          key: 'reason',
          header: 'Reason',
          cell: (r) => (
            <span className="refund-reason">
              {r.reason}
              {r.restock && <span className="muted small"> · back in stock</span>}
              {r.status === 'failed' && r.failure_reason && <span className="refund-failure"> · {r.failure_reason}</span>}
            </span>
          ),
        },
        {
          key: 'when',
          header: 'Date',
          cell: (r) => (
            <span>
              {formatDate(r.created_at)}
              {r.arn && <span className="muted small mono"> · ARN {r.arn}</span>}
            </span>
          ),
        },
        { key: 'note', header: 'Credit note', cell: (r) => (r.status === 'processed' ? <CreditNoteButton refund={r} /> : <span className="muted small">—</span>) },
      ]}
    />
  );
}

type Scope = 'all' | 'lines';

/**
 * The refund form: the whole checkout or chosen lines with units, put back in stock yes or no, and a reason. It
 * makes its Idempotency-Key when it opens (it mounts with the overlay), and the button is disabled while sending.
 */
function RefundForm({
  orderId,
  lines,
  refundable,
  onDone,
}: {
  orderId: string;
  lines: RefundableLine[];
  refundable: number;
  onDone: () => void;
}) {
  const [scope, setScope] = useState<Scope>('all');
  const [chosen, setChosen] = useState<ChosenUnits>({});
  const [restock, setRestock] = useState<'yes' | 'no' | ''>('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ lines?: string; restock?: string; reason?: string }>({});
  const [refund, { isLoading }] = useCreateRefundMutation();
  const keyFor = useIdempotencyKey();
  const sending = useRef(false);

  const picked = chosenLines(chosen);
  const value = scope === 'all' ? refundable : Math.min(refundable, chosenValue(lines, chosen));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = {
      lines: scope === 'lines' && picked.length === 0 ? 'Choose at least one line and how many of its units to refund.' : undefined,
      restock: restock === '' ? 'Say whether the refunded units go back in stock.' : undefined,
      reason: reason.trim() === '' ? 'Give a reason: the customer and the accountant read it.' : undefined,
    };
    setErrors(found);
    if (found.lines || found.restock || found.reason) return;
    // A second click before the first render of "Refunding…" sends nothing more.
    if (sending.current) return;
    const body: CreateRefundBody = { ...(scope === 'lines' ? { lines: picked } : {}), reason: reason.trim(), restock: restock === 'yes' };
    sending.current = true;
    try {
      const answer = await refund({ orderId, body, key: keyFor(body) }).unwrap();
      notifySuccess(answer.message);
      onDone();
    } catch {
      // Toasted with the server's reason; the form keeps what was entered.
    } finally {
      sending.current = false;
    }
  };

  return (
    <form className="refund-form" aria-label="Refund" onSubmit={submit} noValidate>
      <p className="refund-form__left">
        Left to refund: <strong>{formatInr(refundable)}</strong>
      </p>
      <fieldset className="refund-form__group">
        <legend>What to refund</legend>
        <label className="refund-form__choice">
          <input type="radio" name="refund-scope" checked={scope === 'all'} onChange={() => setScope('all')} />
          <span>
            Everything still refundable <span className="muted small">({formatInr(refundable)}, delivery and COD fees included)</span>
          </span>
        </label>
        <label className="refund-form__choice">
          <input type="radio" name="refund-scope" checked={scope === 'lines'} onChange={() => setScope('lines')} />
          <span>Chosen lines</span>
        </label>
        {scope === 'lines' && <RefundLinesPicker idPrefix="refund" lines={lines} chosen={chosen} onChange={setChosen} />}
        {errors.lines && (
          <span className="field-error" role="alert">
            {errors.lines}
          </span>
        )}
      </fieldset>
      <fieldset className="refund-form__group" aria-describedby={errors.restock ? 'refund-restock-error' : undefined}>
        <legend>Put back in stock</legend>
        <div className="refund-form__row">
          <label className="refund-form__choice">
            <input type="radio" name="refund-restock" checked={restock === 'yes'} onChange={() => setRestock('yes')} />
            <span>Yes, the units come back</span>
          </label>
          <label className="refund-form__choice">
            <input type="radio" name="refund-restock" checked={restock === 'no'} onChange={() => setRestock('no')} />
            <span>No (broken, lost or kept)</span>
          </label>
        </div>
        {errors.restock && (
          <span id="refund-restock-error" className="field-error" role="alert">
            {errors.restock}
          </span>
        )}
      </fieldset>
      <TextAreaField
        id="refund-reason"
        label="Reason"
        rows={2}
        maxLength={500}
        value={reason}
        error={errors.reason}
        hint="Shown to the customer in the refund mail."
        onChange={(e) => setReason(e.target.value)}
      />
      <p className="muted small refund-form__value">
        {scope === 'lines'
          ? `At the price paid: ${formatInr(value)}; the server takes off any coupon share of these lines.`
          : `The customer gets ${formatInr(value)} back to the account they paid from, in 6-8 days.`}
      </p>
      <div className="form-actions">
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" disabled={isLoading || refundable <= 0}>
          {isLoading ? 'Refunding…' : scope === 'all' ? `Refund ${formatInr(value)}` : 'Refund chosen lines'}
        </Button>
      </div>
    </form>
  );
}

/** A paid checkout whose order lapsed (`Refund due`): all of it back in one click, nothing restocked (it was released). */
function RefundDueButton({ orderId, refundable }: { orderId: string; refundable: number }) {
  const [refund, { isLoading }] = useCreateRefundMutation();
  const keyFor = useIdempotencyKey();
  const sending = useRef(false);
  const onClick = async () => {
    if (sending.current) return;
    sending.current = true;
    const body: CreateRefundBody = { reason: 'Paid after the order had lapsed (Refund due)', restock: false };
    try {
      notifySuccess((await refund({ orderId, body, key: keyFor(body) }).unwrap()).message);
    } catch {
      // toasted
    } finally {
      sending.current = false;
    }
  };
  return (
    <Button variant="danger" disabled={isLoading} onClick={() => void onClick()}>
      {isLoading ? 'Refunding…' : `Refund in full (${formatInr(refundable)})`}
    </Button>
  );
}

export function RefundsPanel({
  afterSales,
  lines,
  payment,
}: {
  afterSales: CheckoutAfterSales;
  lines: RefundableLine[];
  /** The checkout's payment status ('Refund due' gets the one-click refund). */
  payment: string;
}) {
  const [open, setOpen] = useState(false);
  const { paid, refunded, refundable, refunds, order_id: orderId } = afterSales;
  // Cash on delivery (or not yet paid): no money came in online, so there is nothing to show or refund.
  if (paid === 0 && refunds.length === 0) return null;
  return (
    <section className="panel refunds-panel" aria-labelledby="refunds-title">
      <div className="panel__head">
        <h2 id="refunds-title" className="order-panel__title">
          Refunds
        </h2>
        <div className="refunds-panel__actions">
          {payment === 'Refund due' && refundable > 0 && <RefundDueButton orderId={orderId} refundable={refundable} />}
          {paid > 0 && (
            <Button variant="outline" disabled={refundable <= 0} onClick={() => setOpen(true)}>
              Refund…
            </Button>
          )}
        </div>
      </div>
      <dl className="refunds-panel__sums">
        <div>
          <dt>Paid</dt>
          <dd>{formatInr(paid)}</dd>
        </div>
        <div>
          <dt>Refunded</dt>
          <dd>{formatInr(refunded)}</dd>
        </div>
        <div>
          <dt>Left to refund</dt>
          <dd>{formatInr(refundable)}</dd>
        </div>
      </dl>
      {refunds.length > 0 ? <RefundsTable refunds={refunds} /> : paid > 0 && <p className="muted">No refunds yet.</p>}
      <Overlay open={open} onClose={() => setOpen(false)} title="Refund" size="lg">
        <RefundForm orderId={orderId} lines={lines} refundable={refundable} onDone={() => setOpen(false)} />
      </Overlay>
    </section>
  );
}
