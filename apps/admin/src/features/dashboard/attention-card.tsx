import { Link } from 'react-router';
import type { LowStockSize } from '@shop/domain/schemas/reviews';
import { DataTable } from '@shop/ui/data-table';

/**
 * What needs the farm's hand today (issue 33): the sizes at or below their low-stock level (product, size, stock, a
 * link to the product to restock it) and how many reviews wait for a check.
 */
export function AttentionCard({ lowStock, reviewsWaiting }: { lowStock: LowStockSize[] | undefined; reviewsWaiting: number | undefined }) {
  return (
    <section className="panel attention" aria-labelledby="attention-title">
      <div className="panel__head">
        <h2 id="attention-title">Low stock and reviews</h2>
        <Link to="/admin/reviews" className="attention__reviews">
          {reviewsWaiting === undefined
            ? 'Reviews waiting: –'
            : reviewsWaiting === 0
              ? 'No reviews waiting'
              : `${reviewsWaiting} ${reviewsWaiting === 1 ? 'review' : 'reviews'} waiting`}
        </Link>
      </div>
      <DataTable
        caption="Sizes at or below their low-stock level"
        rows={lowStock ?? []}
        rowKey={(r) => `${r.product._id}:${r.variant}`}
        empty={lowStock === undefined ? 'Loading…' : 'Every size is above its low-stock level.'}
        columns={[
          {
            key: 'product',
            header: 'Product',
            primary: true,
            cell: (r) => <Link to={`/admin/products/${r.product.slug}`}>{r.product.name}</Link>,
          },
          { key: 'size', header: 'Size', cell: (r) => (r.label ? `${r.label} (${r.sku})` : r.sku) },
          {
            key: 'stock',
            header: 'Stock',
            cell: (r) => (
              <span className={r.quantity <= 0 ? 'attention__out' : undefined}>
                {r.quantity <= 0 ? 'Sold out' : r.quantity} <span className="muted small">(warns at {r.low_stock_at})</span>
              </span>
            ),
          },
        ]}
      />
    </section>
  );
}
