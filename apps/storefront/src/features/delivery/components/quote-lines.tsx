/** What a quote says to the shopper, on the product page and in the cart: the fee, the free-delivery threshold, the dates. */
import type { QuoteResponse } from '@shop/domain/schemas/delivery';
import { Price } from '../../../components/price';

/** "Delivery ₹ 60.00" or "Free delivery", with "Free delivery on orders above ₹ 999.00" while a fee is charged. */
export function DeliveryFee({ quote }: { quote: QuoteResponse }) {
  if (quote.shipping_fee === 0) return <p className="delivery-line delivery-line--free">Free delivery</p>;
  return (
    <>
      <p className="delivery-line">
        Delivery <Price value={quote.shipping_fee} />
      </p>
      {quote.free_shipping_above > 0 && (
        <p className="delivery-line delivery-line--hint">
          Free delivery on orders above <Price value={quote.free_shipping_above} />
        </p>
      )}
    </>
  );
}
