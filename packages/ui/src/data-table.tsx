import type { ReactNode } from 'react';
import './data-table.css';

export interface DataTableColumn<Row> {
  /** Stable key of the column. */
  key: string;
  /** Header text; also the label shown beside the value when rows stack on narrow screens. */
  header: string;
  /** The cell's content. `index` counts from 0 in the order of `rows`. */
  cell: (row: Row, index: number) => ReactNode;
  /** Right-align numbers. */
  align?: 'start' | 'end';
  /** The column that names the row: shown as the card's title when rows stack. */
  primary?: boolean;
  /** A button or link column (View, Delete): when rows stack it shows without its header text. */
  action?: boolean;
}

export interface DataTableProps<Row> {
  /** Accessible name of the table (a caption, visually hidden unless `showCaption`). */
  caption: string;
  showCaption?: boolean;
  columns: ReadonlyArray<DataTableColumn<Row>>;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Shown instead of the table when there are no rows. */
  empty?: ReactNode;
}

/**
 * A plain semantic table that stays usable on a phone: below 720 px each row becomes a card
 * with the column header written beside each value, so nothing scrolls sideways.
 */
export function DataTable<Row>({ caption, showCaption = false, columns, rows, rowKey, empty }: DataTableProps<Row>) {
  if (rows.length === 0 && empty !== undefined) {
    return <div className="data-table__empty empty-state">{empty}</div>;
  }
  return (
    <div className="data-table">
      <table>
        <caption className={showCaption ? 'data-table__caption' : 'visually-hidden'}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={c.align === 'end' ? 'is-end' : undefined}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={rowKey(row)}>
              {columns.map((c) => (
                <td
                  key={c.key}
                  data-label={c.header}
                  className={[c.align === 'end' ? 'is-end' : '', c.primary ? 'is-primary' : '', c.action ? 'is-action' : '']
                    .filter(Boolean)
                    .join(' ') || undefined}
                >
                  {c.cell(row, index)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
