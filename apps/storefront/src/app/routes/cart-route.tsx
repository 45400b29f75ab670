/** The cart page with the checkout's PAY button in its summary: two features composed by the app. */
import { CartPage } from '../../features/cart/components/cart-page';
import { PayButton } from '../../features/checkout/components/pay-button';

export default function CartRoute() {
  return <CartPage payAction={<PayButton />} />;
}
