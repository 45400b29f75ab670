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
import { CouponField } from '../../features/cart/components/coupon-field';
import { CodOrderPlaced } from '../../features/checkout/components/cod-order-placed';
import { PayButton } from '../../features/checkout/components/pay-button';
import { CartCharges } from '../../features/delivery/components/cart-charges';
import { PaymentChoice } from '../../features/delivery/components/payment-choice';
import { quoteBodyOf, useCouponTry, useDebouncedQuote, type Destination } from '../../features/delivery/hooks/use-cart-quote';
import { useRememberedPin } from '../../hooks/use-remembered-pin';
import { useSignedInUser } from '../../store/session';
import { selectCartCoupon, selectCartItems } from '../../store/cart-lines';
import { couponApplied, couponRemoved } from '../../store/cart-slice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';

const SAVE_FIRST = 'Please save your Deliver to details before paying';
/** A coupon is worked out on the delivery quote, which needs a place. */
const PLACE_FIRST = 'Check delivery to your PIN code first: the coupon is worked out with the delivery.';

export default function CartRoute() {
  const user = useSignedInUser();
  const dispatch = useAppDispatch();
  const items = useAppSelector(selectCartItems);
  const coupon = useAppSelector(selectCartCoupon);
  const tryCoupon = useCouponTry();
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
  const cod = useDebouncedQuote(quoted && user ? quoteBodyOf(items, quoted, 'cod', coupon) : null);
  const codOff = cod.quote !== undefined && (!cod.quote.serviceable || !cod.quote.cod_available);
  // A cart that may no longer use cash on delivery goes back to paying online.
  const method: PaymentMethod = chosenMethod === 'cod' && !codOff ? 'cod' : 'online';
  const online = useDebouncedQuote(quoted && method === 'online' ? quoteBodyOf(items, quoted, 'online', coupon) : null);
  const quote = method === 'cod' ? cod : online;
  const current = quote.quote;
  // The remembered code as this cart's quote sees it: refused (expired meanwhile, below the minimum now) or applied.
  const couponRefused = coupon && current?.coupon_refused ? current.coupon_refused : null;

  /** "Apply": the code tried on this cart's quote; kept only when the server applies it. */
  const applyCoupon = async (code: string): Promise<string | null> => {
    if (!quoted) return PLACE_FIRST;
    const answer = await tryCoupon(quoteBodyOf(items, quoted, method, code));
    if ('refused' in answer) return answer.refused;
    dispatch(couponApplied(answer.code));
    return null;
  };

  if (placed) return <CodOrderPlaced order={placed} />;

  const refused = current && !current.serviceable ? (current.reason ?? 'We cannot deliver this cart there') : (quote.error ?? null);
  // An empty cart has nothing to deliver: PAY is disabled for that reason alone, without the delivery line.
  const blockedBy = !user || lines === 0 ? null : (delivery.missingLine ?? (editing && delivery.ready ? SAVE_FIRST : null) ?? (delivery.ready ? refused : null));
  return (
    <CartPage
      delivery={<DeliverTo onEditingChange={setEditing} />}
      coupon={<CouponField applied={coupon} refused={couponRefused} onApply={applyCoupon} onRemove={() => dispatch(couponRemoved())} />}
      charges={destination && <CartCharges quote={quote} paymentMethod={method} place={place} />}
      grandTotal={current?.serviceable ? current.total : undefined}
      paymentChoice={user && destination ? <PaymentChoice value={method} onChange={setChosenMethod} codQuote={cod.quote} /> : undefined}
      payAction={
        <PayButton
          blockedBy={blockedBy}
          waiting={Boolean(user) && !delivery.ready && blockedBy === null}
          paymentMethod={method}
          coupon={coupon && !couponRefused ? coupon : undefined}
          onCodOrderPlaced={setPlaced}
        />
      }
    />
  );
}
