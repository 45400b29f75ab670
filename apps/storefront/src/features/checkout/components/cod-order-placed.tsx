import { Link } from 'react-router';
import type { CreateOrderResponse } from '@shop/domain/schemas/orders';
import { PageHeader } from '../../../components/page-header';
import './pay-button.css';

/** What a shopper sees once a cash on delivery order is placed: its number and the confirmation it waits for. */
export function CodOrderPlaced({ order }: { order: CreateOrderResponse }) {
  return (
    <div className="container page">
      <PageHeader title="Order placed" />
      <section className="card cod-placed" role="status" aria-labelledby="cod-placed-number">
        <h2 id="cod-placed-number" className="cod-placed__number">
          Order {order.order_number ?? order.order_id}
        </h2>
        <p className="cod-placed__confirm">We have mailed you a link to confirm this order; unconfirmed orders are cancelled after 24 hours.</p>
        <p>You pay in cash when it is delivered.</p>
        <div className="cod-placed__actions">
          <Link to="/orders" className="btn btn-primary">
            See your orders
          </Link>
          <Link to="/allproducts" className="btn btn-outline">
            Continue shopping
          </Link>
        </div>
      </section>
    </div>
  );
}
