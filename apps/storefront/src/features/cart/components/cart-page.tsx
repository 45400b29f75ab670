import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MAX_LINE_QUANTITY } from '@shop/domain/constants';
import { cartTotal, formatPrice } from '@shop/domain/money';
import type { CartDetail } from '@shop/domain/schemas/products';
import { PageHeader } from '../../../components/page-header';
import { Price } from '../../../components/price';
import { ProductImage } from '../../../components/product-image';
import { SizeAndSku } from '../../../components/size-and-sku';
import { config } from '../../../config';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { stockLimitMessage, useAddToCart } from '../../../hooks/use-add-to-cart';
import { quantityDecreased } from '../../../store/cart-slice';
import { lineKey, pairLines, selectCartItems } from '../../../store/cart-lines';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { useSignedInUser } from '../../../store/session';
import { selectCurrency } from '../../../store/currency-slice';
import { useCartDetailsQuery } from '../api/cart-api';
import './cart-page.css';

interface Line extends CartDetail {
  cart_quantity: number;
  /** The line as the cart keeps it (its size absent for a line saved before sizes): what plus and minus name. */
  ref: { _id: string; variant?: string };
  /** How the line is named to assistive tech: the product's name, with the size when the cart holds two of its sizes. */
  label: string;
}

export interface CartPageProps {
  /** PAY, from the checkout feature. */
  payAction: ReactNode;
  /** Where the order goes (the "Deliver to" block), shown under the products of a cart with lines. */
  delivery?: ReactNode;
  /** "Apply coupon" (CouponField, composed by the app with the quote that checks the code), above the charges. */
  coupon?: ReactNode;
  /** The delivery part of the summary (items total, delivery fee, dates), shown above the grand total. */
  charges?: ReactNode;
  /** The grand total as the delivery quote works it out (fees included); without it, the lines' total. */
  grandTotal?: number;
  /** How the shopper pays (online or cash on delivery), shown above PAY. */
  paymentChoice?: ReactNode;
}

/** A line's product page, with its size chosen. */
const sizeHref = (line: CartDetail) => `/products/${line.slug}${line.variant ? `?variant=${encodeURIComponent(line.variant)}` : ''}`;

/** The cart: products with quantity buttons, the delivery block, and the Cart Summary with the grand total and PAY. */
export function CartPage({ payAction, delivery, coupon, charges, grandTotal, paymentChoice }: CartPageProps) {
  const dispatch = useAppDispatch();
  const items = useAppSelector(selectCartItems);
  const user = useSignedInUser();
  const { code } = useAppSelector(selectCurrency);
  const addToCart = useAddToCart();
  // Stock is re-read every time the cart opens, never taken from an earlier visit.
  const { data: details, isLoading, isError } = useCartDetailsQuery(items, { skip: items.length === 0, refetchOnMountOrArgChange: true });
  usePageMeta('Cart', `Your cart at ${config.brand}.`);

  // Quantities come from the cart itself (instant); names, prices and stock from the server.
  // A line is one product in one size: two sizes of one product are two lines.
  const paired = pairLines(items, details ?? []);
  const resolved = items.flatMap((i, n) => {
    const d = paired[n];
    return d ? [{ ...d, cart_quantity: i.cart_quantity, ref: { _id: i._id, variant: i.variant } }] : [];
  });
  const lines: Line[] = resolved.map((l) => ({
    ...l,
    label: l.variant_label && resolved.filter((o) => o._id === l._id).length > 1 ? `${l.name} ${l.variant_label}` : l.name,
  }));
  const total = grandTotal ?? cartTotal(lines);
  const view = items.length === 0 ? 'empty' : isLoading ? 'loading' : isError && lines.length === 0 ? 'error' : 'ready';

  return (
    <div className="container page">
      <PageHeader title="Cart" />
      {view === 'loading' && (
        <div role="status" className="empty-state">
          Loading your cart…
        </div>
      )}
      {view === 'error' && <p className="empty-state">Your cart could not be loaded.</p>}
      {(view === 'empty' || view === 'ready') && (
        <div className="cart">
          <section className="cart__products" aria-labelledby="cart-products">
            <h2 id="cart-products" className="visually-hidden">
              Products
            </h2>
            {lines.length === 0 && (
              <div className="empty-state cart-empty card">
                <p>Cart is empty</p>
                <Link to="/allproducts" className="btn btn-primary">
                  Shop Now
                </Link>
              </div>
            )}
            {lines.length > 0 && (
              <ul className="cart__list">
                {lines.map((line) => {
                  const atStock = line.quantity > 0 && line.cart_quantity >= line.quantity;
                  // At the stock plus stays live and answers with a toast naming the limit.
                  const canAdd = line.quantity > 0 && line.cart_quantity < MAX_LINE_QUANTITY;
                  return (
                    <li key={lineKey(line.ref)} className="cart-line card">
                      <Link to={sizeHref(line)} className="cart-line__media" tabIndex={-1} aria-hidden="true">
                        <ProductImage src={line.image} alt="" sizes="120px" width={120} height={120} />
                      </Link>
                      <div className="cart-line__info">
                        <h3 className="cart-line__name">
                          <Link to={sizeHref(line)}>{line.name}</Link>
                        </h3>
                        <SizeAndSku line={line} block="cart-line" />
                        <Price value={line.price} />
                        {line.shortdesc && <p className="cart-line__desc">{line.shortdesc}</p>}
                        {line.quantity <= 0 && <p className="field-error">Out of Stocks</p>}
                        {atStock && <p className="cart-line__limit">{stockLimitMessage(line.quantity)}</p>}
                      </div>
                      <div className="qty" role="group" aria-label={`Quantity of ${line.label}`}>
                        <button
                          type="button"
                          className="qty__btn"
                          aria-label={`Remove one ${line.label}`}
                          onClick={() => dispatch(quantityDecreased(line.ref))}
                        >
                          −
                        </button>
                        <span className="qty__value" aria-live="polite">
                          {line.cart_quantity}
                        </span>
                        <button
                          type="button"
                          className="qty__btn"
                          aria-label={`Add one ${line.label}`}
                          disabled={!canAdd}
                          onClick={() => addToCart({ ...line, variant: line.ref.variant }, 'plus')}
                        >
                          +
                        </button>
                      </div>
                    </li>
                  );
                })}
              </ul>
            )}
            {lines.length > 0 && delivery}
          </section>
          <aside className="cart__summary card" aria-labelledby="cart-summary">
            <h2 id="cart-summary">Cart Summary</h2>
            <p className="cart__count">
              Products: <strong>{lines.length}</strong>
            </p>
            {lines.length > 0 && (
              <table className="cart__table">
                <thead>
                  <tr>
                    <th scope="col">Product</th>
                    <th scope="col">Price</th>
                    <th scope="col">Qty</th>
                    <th scope="col">Subtotal</th>
                  </tr>
                </thead>
                <tbody>
                  {lines.map((line) => (
                    <tr key={lineKey(line.ref)}>
                      <td>
                        {line.name}
                        {line.variant_label && <span className="cart__size"> ({line.variant_label})</span>}
                      </td>
                      <td>
                        <Price value={line.price} />
                      </td>
                      <td>{line.cart_quantity}</td>
                      <td>
                        <Price value={cartTotal([line])} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            {lines.length > 0 && coupon}
            {lines.length > 0 && charges}
            <p className="cart__total">
              <span>Grand Total</span>
              <Price value={total} className="price cart__total-price" />
            </p>
            {code !== 'INR' && lines.length > 0 && (
              // Prices in other currencies are a guide; the payment itself is always taken in rupees.
              <p className="cart__inr-note" role="note">
                You will be charged <strong>{formatPrice(total, 'INR', 1)}</strong> in Indian rupees (INR). The {code} prices are a guide at
                today&apos;s rate; your bank converts the charge.
              </p>
            )}
            {!user && (
              <p className="cart__hint" role="note">
                <Link to="/login">Please login to checkout</Link>
              </p>
            )}
            {lines.length > 0 && paymentChoice}
            {payAction}
          </aside>
        </div>
      )}
    </div>
  );
}
