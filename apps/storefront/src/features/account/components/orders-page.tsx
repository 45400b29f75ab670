import { formatDate } from '@shop/domain/date';
import type { Order } from '@shop/domain/schemas/orders';
import { LogoLoader } from '@shop/ui/logo-loader';
import { PageHeader } from '../../../components/page-header';
import { Price } from '../../../components/price';
import { ProductImage } from '../../../components/product-image';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { useOrdersQuery } from '../api/account-api';
import { AccountTabs } from './account-tabs';
import './account.css';

function OrderCard({ order }: { order: Order }) {
  const { product } = order;
  return (
    <li className="order-card card">
      <ProductImage src={product?.image} alt={product ? product.name : 'Product no longer available'} sizes="96px" width={96} height={96} />
      <div className="order-card__info">
        <p className="order-card__id">
          Order <span>{order.order_id}</span>
        </p>
        {product ? (
          <p className="order-card__product">
            <strong>{product.name}</strong> <Price value={product.price} />
          </p>
        ) : (
          <p className="order-card__product order-card__gone">Product no longer available</p>
        )}
        <p className="order-card__meta">
          Quantity: {order.cart_quantity} · {formatDate(order.createdAt)}
        </p>
      </div>
    </li>
  );
}

export default function OrdersPage() {
  const { data: orders, isError } = useOrdersQuery();
  usePageMeta('Orders', 'Your Shuddh Farm orders and their status.');
  if (!orders || isError) return <LogoLoader />;

  return (
    <div className="container page account">
      <AccountTabs />
      <PageHeader title="Orders" />
      {orders.length === 0 ? (
        <p className="empty-state card">No Orders Found</p>
      ) : (
        <>
          <div className="table-wrap card">
            <table className="orders-table">
              <thead>
                <tr>
                  <th scope="col" className="hide-sm">
                    Index
                  </th>
                  <th scope="col" className="hide-sm">
                    Order ID
                  </th>
                  <th scope="col">Date</th>
                  <th scope="col">Payment</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {orders.map((o, i) => (
                  <tr key={o._id}>
                    <td className="hide-sm">{i + 1}</td>
                    <td className="hide-sm order-id">{o.order_id}</td>
                    <td>{formatDate(o.createdAt)}</td>
                    <td>
                      <span className={`pill pill--${o.payment.toLowerCase().replace(/\s+/g, '-')}`}>{o.payment}</span>
                    </td>
                    <td>{o.status}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="order-cards" aria-label="Order lines">
            {orders.map((o) => (
              <OrderCard key={o._id} order={o} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
