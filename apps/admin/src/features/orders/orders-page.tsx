import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { CheckoutsView } from './checkouts-view';
import { OrderLinesView } from './order-lines-view';
import './orders.css';

/**
 * The orders screen. By default the order desk (one row per checkout); `?view=lines` is the SPEC's admin orders list
 * (one row per order line: Index, Unique ID, User, Products, Date, Payment Status, Shipping Status), unchanged.
 */
export function OrdersPage() {
  const [params] = useSearchParams();
  const lines = params.get('view') === 'lines';
  return (
    <>
      <PageHeader
        title="Orders"
        subtitle={lines ? 'Every paid order line; set where each one is on its way.' : 'Every order as the customer placed it; find, ship, export and print.'}
      />
      <nav className="view-tabs" aria-label="Order views">
        <Link to="/admin/orders" aria-current={lines ? undefined : 'page'}>
          Checkouts
        </Link>
        <Link to="/admin/orders?view=lines" aria-current={lines ? 'page' : undefined}>
          Lines
        </Link>
      </nav>
      {lines ? <OrderLinesView /> : <CheckoutsView />}
    </>
  );
}
