import { useState } from 'react';

/**
 * The state of a ConfirmDialog that deletes one row: `ask(row)` opens it, `row` is the row asked about, and `dialog`
 * holds its open, confirm and cancel props. Confirming runs `remove(row)`, then closes the dialog whether or not it
 * worked (the api has already toasted a failure).
 */
export function useConfirmDelete<Row>(remove: (row: Row) => Promise<void>) {
  const [row, setRow] = useState<Row | null>(null);
  const close = () => setRow(null);
  const confirm = async () => {
    if (row === null) return;
    try {
      await remove(row);
    } catch {
      // toasted
    }
    close();
  };
  return { row, ask: setRow, dialog: { open: row !== null, onConfirm: confirm, onCancel: close } };
}
