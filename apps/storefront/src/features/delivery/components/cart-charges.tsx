import type { PaymentMethod } from '@shop/domain/schemas/delivery';
import { Price } from '../../../components/price';
import type { QuoteState } from '../hooks/use-cart-quote';
import { formatArrival } from '@shop/domain/arrival';
import './delivery.css';

export interface CartChargesProps {
  quote: QuoteState;
  paymentMethod: PaymentMethod;
  /** Where it goes, as the shopper knows it: "560001" or "Outside India". */
  place: string;
}

/**
 * The Cart Summary's delivery part: items total, the coupon's discount as its own line, the delivery fee (or Free, with
 * what a free-delivery coupon saved), the cash on delivery fee when chosen, and the arrival dates; or why the cart cannot go there. The grand total under it is the quote's.
 */
export function CartCharges({ quote: { quote, loading, error }, paymentMethod, place }: CartChargesProps) {
  // A free-delivery coupon's saving is the fee it waived (the delivery row then reads Free).
  const waived = quote?.coupon?.kind === 'free_shipping' ? quote.coupon.shipping_waived : 0;
  return (
    <div className="cart-charges" aria-live="polite" aria-busy={loading}>
      {error && <p className="delivery-line delivery-line--refused">{error}</p>}
      {!error && !quote && loading && <p className="delivery-line delivery-line--hint">Working out delivery to {place}…</p>}
      {quote && !quote.serviceable && <p className="delivery-line delivery-line--refused">{quote.reason ?? `We cannot deliver to ${place}.`}</p>}
      {quote?.serviceable && (
        <>
          <dl className="cart-charges__rows">
            <div className="cart-charges__row">
              <dt>Items total</dt>
              <dd>
                <Price value={quote.items_total} />
              </dd>
            </div>
            {quote.discount > 0 && (
              <div className="cart-charges__row cart-charges__row--discount">
                <dt>{quote.coupon ? `Coupon ${quote.coupon.code}` : 'Discount'}</dt>
                <dd>
                  − <Price value={quote.discount} />
                </dd>
              </div>
            )}
            <div className="cart-charges__row">
              <dt>Delivery to {place}</dt>
              <dd>{quote.shipping_fee === 0 ? 'Free' : <Price value={quote.shipping_fee} />}</dd>
            </div>
            {waived > 0 && (
              <div className="cart-charges__row cart-charges__row--discount">
                <dt>Coupon {quote.coupon?.code}: free delivery</dt>
                <dd>
                  saves <Price value={waived} />
                </dd>
              </div>
            )}
            {paymentMethod === 'cod' && quote.cod_fee > 0 && (
              <div className="cart-charges__row">
                <dt>Cash on delivery fee</dt>
                <dd>
                  <Price value={quote.cod_fee} />
                </dd>
              </div>
            )}
          </dl>
          {quote.shipping_fee > 0 && quote.free_shipping_above > 0 && (
            <p className="delivery-line delivery-line--hint">
              Free delivery on orders above <Price value={quote.free_shipping_above} />
            </p>
          )}
          <p className="delivery-line delivery-line--eta">{formatArrival(quote.eta)}</p>
        </>
      )}
    </div>
  );
}
