import { Link } from 'react-router';
import type { ProblemReport } from '@shop/domain/schemas/refunds';
import { formatDate } from '../../lib/format';

/**
 * Problem reports waiting for an answer (a broken jar, a leaking bottle): how many, and the newest with a link to
 * the order line reported, where the admin answers with a reply or a refund.
 */
export function ProblemReportsCard({ count, problems }: { count: number | undefined; problems: ProblemReport[] }) {
  return (
    <section className={`panel problems-card${count ? ' problems-card--open' : ''}`} aria-labelledby="problems-card-title">
      <div className="panel__head">
        <h2 id="problems-card-title">Open problem reports</h2>
        <span className="problems-card__count" aria-label={`${count ?? 0} open`}>
          {count ?? '–'}
        </span>
      </div>
      {problems.length === 0 ? (
        <p className="muted">No customer is waiting for an answer.</p>
      ) : (
        <ul className="problems-card__list">
          {problems.map((p) => (
            <li key={p._id}>
              <Link to={`/admin/orders/${p.line_id}`} className="problems-card__link">
                <span className="problems-card__what">
                  <strong>{p.order_number}</strong> · {p.product_name}
                  {p.variant_label ? ` (${p.variant_label})` : ''}
                </span>
                <span className="muted small">
                  {p.customer.name || p.customer.email} · {formatDate(p.created_at)}
                  {p.photos.length > 0 ? ` · ${p.photos.length} photo${p.photos.length === 1 ? '' : 's'}` : ''}
                </span>
                <span className="problems-card__message">{p.message}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
