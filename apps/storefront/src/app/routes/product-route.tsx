/**
 * The product page with the delivery feature's PIN check under its buttons, the back-in-stock feature's "Notify me"
 * on a sold-out size and the reviews feature's block under the details: features' parts composed by the app. The
 * last two load after the first paint (app/deferred-parts.tsx); their CSS comes with the page so the server-drawn
 * block is styled before their JS arrives.
 */
import ProductPage from '../../features/product/components/product-page';
import { PinCheck } from '../../features/delivery/components/pin-check';
import { DeferredNotifyMe, DeferredReviews } from '../deferred-parts';
import '../../features/back-in-stock/components/back-in-stock.css';
import '../../features/reviews/components/reviews.css';

export default function ProductRoute() {
  return (
    <ProductPage
      deliveryCheck={(size) => <PinCheck {...size} />}
      soldOut={(size) => (
        <DeferredNotifyMe key={`${size.productId}:${size.variant ?? ''}`} className="product__notify" fallback={null} part={size} />
      )}
      reviews={(productId) => <DeferredReviews key={productId} fallback={null} part={{ productId }} />}
    />
  );
}
