/** The product page with the delivery feature's PIN check under its buttons: two features' parts composed by the app. */
import ProductPage from '../../features/product/components/product-page';
import { PinCheck } from '../../features/delivery/components/pin-check';

export default function ProductRoute() {
  return <ProductPage deliveryCheck={(size) => <PinCheck {...size} />} />;
}
