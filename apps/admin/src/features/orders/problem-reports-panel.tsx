/**
 * Problem reports of a checkout on the order detail: what the customer said and their photos, answered with a
 * reply, a refund of chosen lines (never put back in stock: the goods are broken), or both. The customer is mailed.
 */
import { useRef, useState, type FormEvent } from 'react';
import { notifySuccess } from '@shop/app-kit/notify';
import type { AnswerProblemReportBody, ProblemReport } from '@shop/domain/schemas/refunds';
import { Badge } from '@shop/ui/badge';
import { Button } from '@shop/ui/button';
import { TextAreaField } from '@shop/ui/form-field';
import { assetHref } from '../../config';
import { formatDate, formatInr } from '../../lib/format';
import { useAnswerProblemMutation } from './orders-api';
import { chosenLines, chosenValue, lineName, RefundLinesPicker, unitsLeft, useIdempotencyKey, type ChosenUnits, type RefundableLine } from './refund-lines';

function AnswerForm({ problem, lines }: { problem: ProblemReport; lines: RefundableLine[] }) {
  const reported = lines.find((l) => l._id === problem.line_id);
  const [reply, setReply] = useState('');
  const [refundIt, setRefundIt] = useState(false);
  const [chosen, setChosen] = useState<ChosenUnits>(() =>
    reported && unitsLeft(reported) > 0 ? { [reported._id]: Math.min(problem.quantity, unitsLeft(reported)) } : {},
  );
  const [error, setError] = useState<string | undefined>();
  const [answer, { isLoading }] = useAnswerProblemMutation();
  const keyFor = useIdempotencyKey();
  const sending = useRef(false);
  const picked = chosenLines(chosen);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const text = reply.trim();
    if (text === '' && !refundIt) return setError('Write a reply, or refund the broken units, or both.');
    if (refundIt && picked.length === 0) return setError('Choose the line and how many units to refund.');
    setError(undefined);
    if (sending.current) return;
    const body: AnswerProblemReportBody = { ...(text ? { reply: text } : {}), ...(refundIt ? { refund: { lines: picked } } : {}) };
    sending.current = true;
    try {
      const result = await answer({ id: problem._id, body, ...(refundIt ? { key: keyFor(body) } : {}) }).unwrap();
      notifySuccess(result.message);
    } catch {
      // toasted; the answer stays as written
    } finally {
      sending.current = false;
    }
  };

  return (
    <form className="problem-answer" aria-label={`Answer the problem with ${problem.product_name}`} onSubmit={submit} noValidate>
      <TextAreaField id={`reply-${problem._id}`} label="Reply to the customer" rows={3} maxLength={2000} value={reply} onChange={(e) => setReply(e.target.value)} />
      <label className="refund-form__choice">
        <input type="checkbox" checked={refundIt} onChange={(e) => setRefundIt(e.target.checked)} />
        <span>
          Refund chosen lines <span className="muted small">(not put back in stock)</span>
        </span>
      </label>
      {refundIt && (
        <>
          <RefundLinesPicker idPrefix={`answer-${problem._id}`} lines={lines} chosen={chosen} onChange={setChosen} />
          <p className="muted small">At the price paid: {formatInr(chosenValue(lines, chosen))}; the server takes off any coupon share.</p>
        </>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <div className="form-actions">
        <Button type="submit" disabled={isLoading}>
          {isLoading ? 'Sending…' : refundIt ? 'Refund and answer' : 'Send reply'}
        </Button>
      </div>
    </form>
  );
}

function ProblemCard({ problem, lines }: { problem: ProblemReport; lines: RefundableLine[] }) {
  const name = lineName({ name: problem.product_name, variant_label: problem.variant_label });
  return (
    <li className="problem-card edge-card">
      <div className="problem-card__head">
        <strong>
          {name} × {problem.quantity}
        </strong>
        <Badge tone={problem.status === 'open' ? 'alert' : 'ok'}>{problem.status === 'open' ? 'Open' : 'Answered'}</Badge>
      </div>
      <p className="muted small">
        Reported {formatDate(problem.created_at)} by {problem.customer.name || problem.customer.email}
      </p>
      <blockquote className="problem-card__message">{problem.message}</blockquote>
      {problem.photos.length > 0 && (
        <ul className="photo-thumbs problem-card__photos" aria-label="Photos">
          {problem.photos.map((photo, i) => (
            <li key={photo}>
              <a href={assetHref(photo)} target="_blank" rel="noopener noreferrer">
                <img src={assetHref(photo)} alt={`Photo ${i + 1} of the problem with ${name}`} width={120} height={120} loading="lazy" />
              </a>
            </li>
          ))}
        </ul>
      )}
      {problem.answer ? (
        <p className="problem-card__answer">
          Answered {formatDate(problem.answer.at)}
          {problem.answer.reply ? `: “${problem.answer.reply}”` : ''}
          {problem.answer.refund_id ? ' · refunded' : ''}
        </p>
      ) : (
        <AnswerForm problem={problem} lines={lines} />
      )}
    </li>
  );
}

export function ProblemReportsPanel({ problems, lines }: { problems: ProblemReport[]; lines: RefundableLine[] }) {
  if (problems.length === 0) return null;
  const open = problems.filter((p) => p.status === 'open').length;
  return (
    <section className="panel problems-panel" aria-labelledby="problems-title">
      <h2 id="problems-title" className="order-panel__title">
        Problem reports{open > 0 ? ` · ${open} open` : ''}
      </h2>
      <ul className="problem-cards">
        {problems.map((problem) => (
          <ProblemCard key={problem._id} problem={problem} lines={lines} />
        ))}
      </ul>
    </section>
  );
}
