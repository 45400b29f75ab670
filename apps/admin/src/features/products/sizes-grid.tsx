import type { InputHTMLAttributes } from 'react';
import { PlusIcon, TrashIcon } from '../../components/icons';
import { MAX_VARIANTS, newSizeRow, type SizeErrors, type SizeField, type SizeRow } from './sizes';
import './sizes-grid.css';

const COLUMNS: Array<{ field: SizeField; header: string; name: string; input: InputHTMLAttributes<HTMLInputElement> }> = [
  { field: 'label', header: 'Size', name: 'label', input: { placeholder: 'e.g. 500 ml', maxLength: 40 } },
  { field: 'sku', header: 'SKU', name: 'SKU', input: { placeholder: 'e.g. GHEE-500', maxLength: 40, autoCapitalize: 'characters', spellCheck: false } },
  { field: 'price', header: 'Price (₹)', name: 'price', input: { type: 'number', inputMode: 'decimal', min: '0', step: '0.01' } },
  { field: 'mrp', header: 'MRP (₹)', name: 'MRP', input: { type: 'number', inputMode: 'decimal', min: '0', step: '0.01' } },
  { field: 'quantity', header: 'Stock', name: 'stock', input: { type: 'number', inputMode: 'numeric', min: '0', step: '1' } },
  { field: 'weight_grams', header: 'Weight (g)', name: 'weight (g)', input: { type: 'number', inputMode: 'numeric', min: '0', step: '1' } },
  { field: 'low_stock_at', header: 'Low stock at', name: 'low stock at', input: { type: 'number', inputMode: 'numeric', min: '0', step: '1' } },
];

/**
 * The product's sizes, one row each (label, SKU, price, MRP, stock, packed weight, the stock at which the shop is
 * warned): add, remove, move up or down and
 * choose the default (the size the SPEC's Price and Quantity fields edit). `errors` are shown beside each field.
 */
export function SizesGrid({
  idPrefix,
  rows,
  errors,
  onChange,
}: {
  idPrefix: string;
  rows: SizeRow[];
  errors?: SizeErrors;
  onChange: (rows: SizeRow[]) => void;
}) {
  const edit = (i: number, field: SizeField, value: string) => onChange(rows.map((r, j) => (j === i ? { ...r, [field]: value } : r)));
  const choose = (i: number) => onChange(rows.map((r, j) => ({ ...r, is_default: j === i })));
  const move = (i: number, by: -1 | 1) => {
    const next = [...rows];
    [next[i], next[i + by]] = [next[i + by]!, next[i]!];
    onChange(next);
  };
  const remove = (i: number) => {
    const next = rows.filter((_r, j) => j !== i);
    // The default goes to the first size left when its own row is removed.
    onChange(next.some((r) => r.is_default) ? next : next.map((r, j) => ({ ...r, is_default: j === 0 })));
  };
  const full = rows.length >= MAX_VARIANTS;

  return (
    <fieldset className="field field--wide sizes">
      <legend>Sizes</legend>
      <p className="field-hint" id={`${idPrefix}-sizes-hint`}>
        One row per size the shop sells. Price and Quantity above are the default size’s. At or below “Low stock at” the
        shop gets one mail and the dashboard lists the size.
      </p>
      <div className="sizes__scroll">
        <table className="sizes__table" aria-describedby={`${idPrefix}-sizes-hint`}>
          <thead>
            <tr>
              <th scope="col">Default</th>
              {COLUMNS.map((c) => (
                <th key={c.field} scope="col">
                  {c.header}
                </th>
              ))}
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => {
              const n = i + 1;
              return (
                <tr key={row.key}>
                  <td className="sizes__default">
                    <input
                      type="radio"
                      name={`${idPrefix}-default`}
                      aria-label={`Size ${n} is the default`}
                      checked={row.is_default}
                      onChange={() => choose(i)}
                    />
                  </td>
                  {COLUMNS.map((c) => {
                    const error = errors?.[i]?.[c.field];
                    const errorId = `${idPrefix}-size-${row.key}-${c.field}-error`;
                    return (
                      <td key={c.field} className={`sizes__cell sizes__cell--${c.field}`}>
                        <input
                          {...c.input}
                          className="input"
                          aria-label={`Size ${n} ${c.name}`}
                          aria-invalid={error ? true : undefined}
                          aria-describedby={error ? errorId : undefined}
                          value={row[c.field]}
                          onChange={(e) => edit(i, c.field, e.target.value)}
                        />
                        {error && (
                          <span className="field-error" id={errorId}>
                            {error}
                          </span>
                        )}
                      </td>
                    );
                  })}
                  <td className="sizes__actions">
                    <button type="button" className="icon-btn" aria-label={`Move size ${n} up`} disabled={i === 0} onClick={() => move(i, -1)}>
                      <span aria-hidden="true">↑</span>
                    </button>
                    <button
                      type="button"
                      className="icon-btn"
                      aria-label={`Move size ${n} down`}
                      disabled={i === rows.length - 1}
                      onClick={() => move(i, 1)}
                    >
                      <span aria-hidden="true">↓</span>
                    </button>
                    <button
                      type="button"
                      className="icon-btn icon-btn--danger"
                      aria-label={`Remove size ${n}`}
                      disabled={rows.length === 1}
                      onClick={() => remove(i)}
                    >
                      <TrashIcon size={18} />
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div className="sizes__foot">
        <button type="button" className="btn btn-outline btn-sm" disabled={full} onClick={() => onChange([...rows, newSizeRow()])}>
          <PlusIcon size={16} /> Add a size
        </button>
        {full && <span className="field-hint">At most {MAX_VARIANTS} sizes.</span>}
      </div>
    </fieldset>
  );
}
