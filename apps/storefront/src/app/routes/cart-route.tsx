/** The cart page with the delivery block and the checkout's PAY button: three features' parts composed by the app. */
import { useState } from 'react';
import { DeliverTo, useDeliveryStatus } from '../../features/account/components/deliver-to';
import { CartPage } from '../../features/cart/components/cart-page';
import { PayButton } from '../../features/checkout/components/pay-button';
import { useSignedInUser } from '../../store/session';
import { selectCartCount } from '../../store/cart-slice';
import { useAppSelector } from '../../store/hooks';

const SAVE_FIRST = 'Please save your Deliver to details before paying';

export default function CartRoute() {
  const user = useSignedInUser();
  const lines = useAppSelector(selectCartCount);
  const delivery = useDeliveryStatus();
  // Unsaved edits in the open form would not reach the order: PAY waits for Save.
  const [editing, setEditing] = useState(false);
  // An empty cart has nothing to deliver: PAY is disabled for that reason alone, without the delivery line.
  const blockedBy = !user || lines === 0 ? null : delivery.missingLine ?? (editing && delivery.ready ? SAVE_FIRST : null);
  return (
    <CartPage
      delivery={<DeliverTo onEditingChange={setEditing} />}
      payAction={<PayButton blockedBy={blockedBy} waiting={Boolean(user) && !delivery.ready && blockedBy === null} />}
    />
  );
}
