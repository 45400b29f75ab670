import { Timeline } from '@shop/ui/timeline';
import { formatDate } from '../../lib/format';
import { useCheckoutTimelineQuery } from './orders-api';

const time = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', hour: 'numeric', minute: '2-digit', hour12: true });

/** The checkout's history, oldest first, with the time of day (IST) of each step. */
export function TimelinePanel({ orderId, live }: { orderId: string; live: boolean }) {
  const { data: events } = useCheckoutTimelineQuery(orderId, { pollingInterval: live ? 5000 : 0, skipPollingIfUnfocused: true });
  return (
    <section className="panel timeline-panel" aria-labelledby="timeline-title">
      <h2 id="timeline-title" className="order-panel__title">
        Timeline
      </h2>
      {!events ? (
        <p className="muted">Loading…</p>
      ) : events.length === 0 ? (
        <p className="muted">Nothing recorded yet.</p>
      ) : (
        <Timeline events={events} when={(at) => `${formatDate(at)} ${time.format(new Date(at))}`} />
      )}
    </section>
  );
}
