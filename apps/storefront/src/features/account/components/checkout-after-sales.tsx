/**
 * What Orders adds to a checkout after it was placed (issue 30): its refunds and their states, Cancel (same day,
 * nothing shipped) or "Request cancellation", and per delivered line "Report a problem". The server says what is
 * allowed (`CheckoutAfterSales`); this only shows it.
 */
import { lazy, Suspense, useState } from 'react';
import { formatDate } from '@shop/domain/date';
import { formatPrice } from '@shop/domain/money';
import { REFUND_DAYS, type AfterSalesLine, type CheckoutAfterSales, type ProblemReport, type Refund } from '@shop/domain/schemas/refunds';
import { Button } from '@shop/ui/button';
import { useDownloadCreditNoteMutation } from '../api/account-api';
import { formatDateTime } from '../lib/format-time';
import { CancelOrderDialog, RequestCancellationDialog } from './cancel-order-dialog';
import type { ProblemLine } from './problem-report-dialog';

const ProblemReportDialog = lazy(() => import('./problem-report-dialog'));

const rupees = (amount: number) => formatPrice(amount, 'INR', 1);

const REFUND_STATE: Record<Refund['status'], string> = {
  pending: 'Refund started',
  processed: 'Refund processed',
  failed: 'Refund failed',
};

/** "2 × A2 Ghee (500 ml), 1 × Hair Oil" or the whole order. */
function refundedWhat(refund: Refund): string {
  if (refund.lines.length === 0) return refund.includes_fees ? 'The whole order' : 'Part of the order';
  const lines = refund.lines.map((l) => `${l.quantity} × ${l.name}${l.variant_label ? ` (${l.variant_label})` : ''}`).join(', ');
  return refund.includes_fees ? `The whole order: ${lines}` : lines;
}

function CreditNoteButton({ refund }: { refund: Refund }) {
  const [download, { isLoading }] = useDownloadCreditNoteMutation();
  if (!refund.credit_note) return null;
  const { number } = refund.credit_note;
  return (
    <Button variant="outline" small className="refund__note" disabled={isLoading} onClick={() => void download({ refundId: refund._id, number })}>
      {isLoading ? 'Preparing…' : `Credit note ${number} (PDF)`}
    </Button>
  );
}

function RefundItem({ refund }: { refund: Refund }) {
  return (
    <li className={`refund refund--${refund.status} edge-card`}>
      <p className="refund__head">
        <span className="refund__amount">{rupees(refund.amount)}</span>
        <span className={`pill pill--refund-${refund.status}`}>{REFUND_STATE[refund.status]}</span>
      </p>
      <p className="refund__what">{refundedWhat(refund)}</p>
      <p className="refund__detail">
        {refund.status === 'pending' && (
          <>
            Started {formatDate(refund.created_at)}. It reaches the account you paid from within {REFUND_DAYS}.
          </>
        )}
        {refund.status === 'processed' && (
          <>
            Sent back on {formatDate(refund.processed_at ?? refund.created_at)}
            {refund.arn ? (
              <>
                {' '}
                · Bank reference <span className="order-id">{refund.arn}</span>
              </>
            ) : (
              '. Your bank may take a few days to show it.'
            )}
          </>
        )}
        {refund.status === 'failed' && <>This refund did not go through. The shop has been told and will contact you.</>}
      </p>
      {refund.status === 'processed' && <CreditNoteButton refund={refund} />}
    </li>
  );
}

/** The refunds of a checkout, oldest first, and how much came back. */
export function RefundList({ afterSales }: { afterSales: CheckoutAfterSales }) {
  if (afterSales.refunds.length === 0) return null;
  return (
    <section className="refunds" aria-label="Refunds">
      <h2 className="checkout-card__subhead">
        Refunds{afterSales.refunded > 0 && <span className="refunds__total"> · {rupees(afterSales.refunded)} of {rupees(afterSales.paid)}</span>}
      </h2>
      <ul className="refunds__list">
        {afterSales.refunds.map((refund) => (
          <RefundItem key={refund._id} refund={refund} />
        ))}
      </ul>
    </section>
  );
}

/** Cancel (with a confirmation step) while the server allows it; otherwise "Request cancellation" and why. */
export function CancelActions({ afterSales, orderName }: { afterSales: CheckoutAfterSales; orderName: string }) {
  const [asking, setAsking] = useState<'cancel' | 'request' | null>(null);
  const { cancel } = afterSales;
  if (!cancel.allowed && !cancel.request_allowed) return null;
  return (
    <div className="cancel-actions">
      {cancel.allowed ? (
        <>
          <Button variant="danger" className="cancel-actions__cancel" onClick={() => setAsking('cancel')}>
            Cancel order
          </Button>
          <p className="cancel-actions__note">You can cancel until midnight today, while nothing has been sent.</p>
        </>
      ) : (
        <>
          <Button variant="outline" onClick={() => setAsking('request')}>
            Request cancellation
          </Button>
          {cancel.reason && <p className="cancel-actions__note">{cancel.reason}</p>}
        </>
      )}
      <CancelOrderDialog
        open={asking === 'cancel'}
        onClose={() => setAsking(null)}
        orderId={afterSales.order_id}
        orderName={orderName}
        refundable={afterSales.refundable}
      />
      <RequestCancellationDialog open={asking === 'request'} onClose={() => setAsking(null)} orderId={afterSales.order_id} orderName={orderName} />
    </div>
  );
}

function ProblemState({ problem }: { problem: ProblemReport }) {
  if (problem.status === 'open') {
    return (
      <p className="line-problem__state">
        Problem reported on {formatDate(problem.created_at)}: the shop will answer you by mail.
      </p>
    );
  }
  return (
    <p className="line-problem__state line-problem__state--answered">
      The shop answered on {formatDate(problem.answer?.at ?? problem.created_at)}
      {problem.answer?.reply ? `: “${problem.answer.reply}”` : '.'}
      {problem.answer?.refund_id ? ' A refund was started; see Refunds below.' : ''}
    </p>
  );
}

/** Under a line: its problem reports, and "Report a problem" within 48 hours of Delivered. */
export function LineAfterSales({ orderId, line, problems, name }: { orderId: string; line: AfterSalesLine; problems: ProblemReport[]; name: string }) {
  const [reporting, setReporting] = useState<ProblemLine | null>(null);
  const own = problems.filter((p) => p.line_id === line._id);
  if (own.length === 0 && !line.can_report && line.refunded_quantity === 0) return null;
  const until = line.report_until ? formatDateTime(line.report_until) : undefined;
  return (
    <div className="line-problem">
      {line.refunded_quantity > 0 && (
        <p className="line-problem__state">
          {line.refunded_quantity === line.quantity ? 'Refunded' : `${line.refunded_quantity} of ${line.quantity} refunded`}
        </p>
      )}
      {own.map((problem) => (
        <ProblemState key={problem._id} problem={problem} />
      ))}
      {line.can_report && (
        <Button variant="outline" small className="line-problem__report" onClick={() => setReporting({ orderId, lineId: line._id, name, until })}>
          Report a problem
        </Button>
      )}
      {reporting && (
        <Suspense fallback={null}>
          <ProblemReportDialog line={reporting} onClose={() => setReporting(null)} />
        </Suspense>
      )}
    </div>
  );
}
