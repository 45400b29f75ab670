import { Link } from 'react-router';
import { CartIcon } from '../../components/icons';
import { useAppSelector } from '../../store/hooks';
import { selectCartCount } from '../../store/cart-slice';

/** The cart icon; its badge counts distinct products. */
export function CartLink() {
  const count = useAppSelector(selectCartCount);
  return (
    <Link to="/cart" className="icon-button cart-link" aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}>
      <CartIcon size={24} />
      {count > 0 && (
        <span className="cart-link__badge" aria-hidden="true" data-testid="cart-badge">
          {count}
        </span>
      )}
    </Link>
  );
}
