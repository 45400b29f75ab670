import type { ComponentProps } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';

type DialogProps = Omit<ComponentProps<typeof ConfirmDialog>, 'title' | 'message'>;

/** Asks before a product leaves the catalogue, from the list and from its own page alike. */
export function DeleteProductDialog({ name, ...dialog }: DialogProps & { name: string }) {
  return (
    <ConfirmDialog {...dialog} title="Delete product" message={`Delete “${name}” from the catalogue? Past orders stay readable.`} />
  );
}
