import type { DataTableColumn } from '@shop/ui/data-table';
import { TrashIcon } from './icons';

/**
 * A list's Delete column: a bin button named after its row ("Delete A2 Ghee") that hands the row to `onDelete`, which
 * asks before deleting (a ConfirmDialog).
 */
export function deleteColumn<Row>(nameOf: (row: Row) => string, onDelete: (row: Row) => void): DataTableColumn<Row> {
  return {
    key: 'delete',
    header: 'Delete',
    action: true,
    cell: (row) => (
      <button type="button" className="icon-btn icon-btn--danger" aria-label={`Delete ${nameOf(row)}`} onClick={() => onDelete(row)}>
        <TrashIcon />
      </button>
    ),
  };
}
