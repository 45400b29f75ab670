import { useRef } from 'react';
import type { RefundLineInput } from '@shop/domain/schemas/refunds';
import { formatInr } from '../../lib/format';
import { newIdempotencyKey } from './idempotency-key';

/** A line of the checkout as the refund forms pick from: what was sold and how many units may still be refunded. */
export interface RefundableLine {
  _id: string;
  name: string;
  variant_label?: string;
  /** Unit price paid, rupees. */
  price: number;
  quantity: number;
  refunded_quantity: number;
  status: string;
}

/** Units chosen per line id; a line not in it is not refunded. */
export type ChosenUnits = Record<string, number>;

export const lineName = (line: { name: string; variant_label?: string }) => (line.variant_label ? `${line.name} (${line.variant_label})` : line.name);
export const unitsLeft = (line: RefundableLine) => Math.max(0, line.quantity - line.refunded_quantity);

export function chosenLines(chosen: ChosenUnits): RefundLineInput[] {
  return Object.entries(chosen)
    .filter(([, quantity]) => quantity > 0)
    .map(([_id, quantity]) => ({ _id, quantity }));
}

/** What the chosen units cost at the price paid, before any coupon share the server takes off. */
export function chosenValue(lines: RefundableLine[], chosen: ChosenUnits): number {
  return lines.reduce((sum, line) => sum + Math.round(line.price * 100) * (chosen[line._id] ?? 0), 0) / 100;
}

/**
 * The key a send carries: the same one while the body is the same (a double click, a retry after a lost answer),
 * and a new one when the admin changed the form after a send that failed, since the server refuses a key reused
 * with another body.
 */
export function useIdempotencyKey(): (body: unknown) => string {
  const ref = useRef<{ key: string; sent?: string }>(null);
  return (body) => {
    const json = JSON.stringify(body);
    if (!ref.current || (ref.current.sent !== undefined && ref.current.sent !== json)) ref.current = { key: newIdempotencyKey() };
    ref.current.sent = json;
    return ref.current.key;
  };
}

/** A checkbox and a number of units per line; lines already refunded in full cannot be chosen. */
export function RefundLinesPicker({
  lines,
  chosen,
  onChange,
  idPrefix,
}: {
  lines: RefundableLine[];
  chosen: ChosenUnits;
  onChange: (next: ChosenUnits) => void;
  idPrefix: string;
}) {
  const set = (id: string, quantity: number | undefined) => {
    const next = { ...chosen };
    if (quantity === undefined) delete next[id];
    else next[id] = quantity;
    onChange(next);
  };
  return (
    <ul className="refund-lines" aria-label="Lines to refund">
      {lines.map((line) => {
        const left = unitsLeft(line);
        const picked = chosen[line._id] !== undefined;
        const name = lineName(line);
        return (
          <li key={line._id} className="refund-lines__line">
            <label className="refund-lines__pick">
              <input
                type="checkbox"
                checked={picked}
                disabled={left === 0}
                onChange={(e) => set(line._id, e.target.checked ? left : undefined)}
              />
              <span>
                <strong>{name}</strong>
                <span className="muted small refund-lines__facts">
                  {formatInr(line.price)} × {line.quantity} · {line.status}
                  {line.refunded_quantity > 0 ? ` · ${line.refunded_quantity} refunded` : ''}
                  {left === 0 ? ' · nothing left to refund' : ''}
                </span>
              </span>
            </label>
            {picked && (
              <label className="refund-lines__units" htmlFor={`${idPrefix}-units-${line._id}`}>
                Units
                <input
                  id={`${idPrefix}-units-${line._id}`}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={left}
                  value={chosen[line._id] || ''}
                  aria-label={`Units of ${name} to refund`}
                  onChange={(e) => set(line._id, Math.min(left, Math.max(0, Math.trunc(Number(e.target.value) || 0))))}
                />
                <span className="muted small">of {left}</span>
              </label>
            )}
          </li>
        );
      })}
    </ul>
  );
}
