/**
 * The cart page with the delivery block, the delivery quote, the payment choice and the checkout's button: four
 * features' parts composed by the app.
 */
import { useState } from 'react';
import { OUTSIDE_INDIA } from '@shop/domain/delivery';
import type { PaymentMethod } from '@shop/domain/schemas/delivery';
import type { CreateOrderResponse } from '@shop/domain/schemas/orders';
import { DeliverTo, useDeliveryStatus } from '../../features/account/components/deliver-to';
import { CartPage } from '../../features/cart/components/cart-page';
import { CodOrderPlaced } from '../../features/checkout/components/cod-order-placed';
import { PayButton } from '../../features/checkout/components/pay-button';
import { CartCharges } from '../../features/delivery/components/cart-charges';
import { PaymentChoice } from '../../features/delivery/components/payment-choice';
import { quoteBodyOf, useDebouncedQuote, type Destination } from '../../features/delivery/hooks/use-cart-quote';
import { useRememberedPin } from '../../hooks/use-remembered-pin';
import { useSignedInUser } from '../../store/session';
import { selectCartItems } from '../../store/cart-lines';
import { useAppSelector } from '../../store/hooks';

const SAVE_FIRST = 'Please save your Deliver to details before paying';

export default function CartRoute() {
  const user = useSignedInUser();
  const items = useAppSelector(selectCartItems);
  const lines = items.length;
  const delivery = useDeliveryStatus();
  const [rememberedPin] = useRememberedPin();
  // Unsaved edits in the open form would not reach the order: PAY waits for Save.
  const [editing, setEditing] = useState(false);
  const [chosenMethod, setChosenMethod] = useState<PaymentMethod>('online');
  const [placed, setPlaced] = useState<CreateOrderResponse | null>(null);

  // Where the quote goes: the saved "Deliver to" (a PIN, or abroad), else the PIN last checked on a product page.
  const place = delivery.place || rememberedPin;
  const destination: Destination | null = place === OUTSIDE_INDIA ? { state: OUTSIDE_INDIA } : place ? { pin: place } : null;
  const quoted = destination && lines > 0 ? destination : null;
  // Cash on delivery's fee and whether it is offered come from a quote paid that way, asked beside the online one.
  // (Guests cannot order, so they are not offered it.)
  const cod = useDebouncedQuote(quoted && user ? quoteBodyOf(items, quoted, 'cod') : null);
  const codOff = cod.quote !== undefined && (!cod.quote.serviceable || !cod.quote.cod_available);
  // A cart that may no longer use cash on delivery goes back to paying online.
  const method: PaymentMethod = chosenMethod === 'cod' && !codOff ? 'cod' : 'online';
  const online = useDebouncedQuote(quoted && method === 'online' ? quoteBodyOf(items, quoted, 'online') : null);
  const quote = method === 'cod' ? cod : online;
  const current = quote.quote;

  if (placed) return <CodOrderPlaced order={placed} />;

  const refused = current && !current.serviceable ? (current.reason ?? 'We cannot deliver this cart there') : (quote.error ?? null);
  // An empty cart has nothing to deliver: PAY is disabled for that reason alone, without the delivery line.
  const blockedBy = !user || lines === 0 ? null : (delivery.missingLine ?? (editing && delivery.ready ? SAVE_FIRST : null) ?? (delivery.ready ? refused : null));
  return (
    <CartPage
      delivery={<DeliverTo onEditingChange={setEditing} />}
      charges={destination && <CartCharges quote={quote} paymentMethod={method} place={place} />}
      grandTotal={current?.serviceable ? current.total : undefined}
      paymentChoice={user && destination ? <PaymentChoice value={method} onChange={setChosenMethod} codQuote={cod.quote} /> : undefined}
      payAction={
        <PayButton
          blockedBy={blockedBy}
          waiting={Boolean(user) && !delivery.ready && blockedBy === null}
          paymentMethod={method}
          onCodOrderPlaced={setPlaced}
        />
      }
    />
  );
}
