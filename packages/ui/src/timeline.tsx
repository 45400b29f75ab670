import type { TimelineEvent, TimelineEventKind } from '@shop/domain/schemas/refunds';
import './timeline.css';

/** What each step of an order's history is called; the shop words a few of them for the customer. */
export const TIMELINE_LABELS: Record<TimelineEventKind, string> = {
  placed: 'Placed',
  paid: 'Paid',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refund_started: 'Refund started',
  refund_processed: 'Refund processed',
  refund_failed: 'Refund failed',
  problem_reported: 'Problem reported',
  problem_answered: 'Problem answered',
  cancellation_requested: 'Cancellation requested',
};

/** Steps drawn as done (leaf), as a warning (gold) or as a failure (red). */
const TONE: Partial<Record<TimelineEventKind, 'warn' | 'bad'>> = {
  cancelled: 'warn',
  refund_started: 'warn',
  problem_reported: 'warn',
  cancellation_requested: 'warn',
  refund_failed: 'bad',
};

export interface TimelineProps {
  /** Oldest first. */
  events: readonly TimelineEvent[];
  /** When a step happened, as the app shows times. */
  when: (at: string) => string;
  labels?: Record<TimelineEventKind, string>;
}

/**
 * An order's history as a line down the left with a dot per step (the admin's order timeline, the shop's order
 * history). The spacing around it is each app's (timeline.css draws only the line and the dots).
 */
export function Timeline({ events, when, labels = TIMELINE_LABELS }: TimelineProps) {
  return (
    <ol className="timeline">
      {events.map((event, i) => (
        <li key={`${event.kind}-${event.at}-${i}`} className={`timeline__step timeline__step--${TONE[event.kind] ?? 'done'}`}>
          <span className="timeline__what">{labels[event.kind] ?? event.kind}</span>
          <time className="timeline__when" dateTime={event.at}>
            {when(event.at)}
          </time>
          {event.detail && <span className="timeline__detail">{event.detail}</span>}
        </li>
      ))}
    </ol>
  );
}
