import { useId, useState } from 'react';
import { Timeline, TIMELINE_LABELS } from '@shop/ui/timeline';
import { useTimelineQuery } from '../api/account-api';
import { formatDateTime } from '../lib/format-time';

/** The shop words two steps for the customer. */
const LABELS = { ...TIMELINE_LABELS, placed: 'Order placed', problem_answered: 'The shop answered' };

/** "Order history": asked of the server only when the customer opens it, then kept up to date with the order. */
export function OrderTimeline({ orderId, live = false }: { orderId: string; /** A refund is on its way: ask again every few seconds. */ live?: boolean }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const { data: events, isError, isFetching } = useTimelineQuery(orderId, { skip: !open, pollingInterval: live ? 5000 : 0, skipPollingIfUnfocused: true });
  return (
    <div className="order-history">
      <button type="button" className="order-history__toggle" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        <span aria-hidden="true" className="order-history__chevron" />
        Order history
      </button>
      {open && (
        <div id={panelId} className="order-history__panel">
          {events?.length === 0 ? (
            <p className="timeline__empty">Nothing has happened to this order yet.</p>
          ) : events ? (
            <Timeline events={events} when={formatDateTime} labels={LABELS} />
          ) : isError ? (
            <p className="timeline__empty">The history could not be loaded. Please try again later.</p>
          ) : (
            <p className="timeline__empty" role="status">
              {isFetching ? 'Loading the history…' : ''}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
