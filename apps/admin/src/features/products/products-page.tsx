import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@shop/ui/badge';
import { DataTable } from '@shop/ui/data-table';
import { Overlay } from '@shop/ui/overlay';
import type { Product } from '@shop/domain/schemas/products';
import { assetHref } from '../../config';
import { formatInr } from '../../lib/format';
import { notifySuccess } from '@shop/app-kit/notify';
import { PageHeader } from '../../components/page-header';
import { useConfirmDelete } from '../../components/use-confirm-delete';
import { deleteColumn } from '../../components/delete-column';
import { EyeIcon, PlusIcon } from '../../components/icons';
import { Loading } from '../../components/loading';
import { useAllProductsQuery, useDeleteProductMutation } from './products-api';
import { CreateProductForm } from './create-product-form';
import { DeleteProductDialog } from './delete-product-dialog';
import './products.css';

/** One size's price, or "from" the cheapest when the sizes differ. */
function priceText(p: Product): string {
  return p.price_from !== p.price_to ? `from ${formatInr(p.price_from)}` : formatInr(p.price);
}

/** The stock across every size, flagged when a size has none left. */
function StockCell({ product }: { product: Product }) {
  const total = product.variants.reduce((sum, v) => sum + v.quantity, 0);
  const soldOut = product.variants.filter((v) => v.quantity === 0);
  return (
    <span className="stock-cell">
      <span>{total}</span>
      {product.variants.length > 1 && <span className="muted small">{product.variants.length} sizes</span>}
      {soldOut.length > 0 && (
        <Badge tone="bad" title={`Out of stock: ${soldOut.map((v) => v.label).join(', ')}`}>
          {product.variants.length > 1 ? 'A size is out of stock' : 'Out of stock'}
        </Badge>
      )}
    </span>
  );
}

/** The catalogue as a table, with View, Delete and an Add product overlay. */
export function ProductsPage() {
  const { data, isLoading } = useAllProductsQuery();
  const [deleteProduct, { isLoading: deleting }] = useDeleteProductMutation();
  const [adding, setAdding] = useState(false);
  const deletion = useConfirmDelete<Product>(async (row) => {
    const answer = await deleteProduct(row._id).unwrap();
    if (answer?.message) notifySuccess(answer.message);
  });

  return (
    <>
      <PageHeader
        title="Products"
        subtitle="The farm’s catalogue: stock, prices and categories."
        actions={
          <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
            <PlusIcon size={18} /> Add product
          </button>
        }
      />
      {isLoading ? (
        <Loading />
      ) : (
        <DataTable
          caption="Products"
          rows={data?.products ?? []}
          rowKey={(p) => p._id}
          empty="No products"
          columns={[
            { key: 'index', header: 'Index', cell: (_p, i) => i + 1 },
            { key: 'id', header: 'Product Id', cell: (p) => <span className="mono small">{p._id}</span> },
            {
              key: 'name',
              header: 'Name',
              primary: true,
              cell: (p) => (
                <span className="name-cell">
                  {p.image ? <img src={assetHref(p.image)} alt="" className="thumb" loading="lazy" /> : <span className="thumb thumb-placeholder" aria-hidden="true" />}
                  <span>{p.name}</span>
                </span>
              ),
            },
            { key: 'quantity', header: 'Quantity', align: 'end', cell: (p) => <StockCell product={p} /> },
            { key: 'price', header: 'Price', align: 'end', cell: (p) => priceText(p) },
            { key: 'category', header: 'Category', cell: (p) => p.category?.name ?? '—' },
            {
              key: 'view',
              header: 'View',
              action: true,
              cell: (p) => (
                <Link to={`/admin/products/${p.slug}`} className="icon-link" aria-label={`View ${p.name}`}>
                  <EyeIcon /> <span aria-hidden="true">View</span>
                </Link>
              ),
            },
            deleteColumn((p: Product) => p.name, deletion.ask),
          ]}
        />
      )}
      <Overlay open={adding} onClose={() => setAdding(false)} title="Add product" size="lg">
        <CreateProductForm onCreated={() => setAdding(false)} />
      </Overlay>
      <DeleteProductDialog {...deletion.dialog} name={deletion.row?.name ?? ''} busy={deleting} />
    </>
  );
}
