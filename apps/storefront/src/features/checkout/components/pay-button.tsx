import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { PaymentMethod } from '@shop/domain/schemas/delivery';
import type { CreateOrderResponse } from '@shop/domain/schemas/orders';
import type { PaymentResult } from '@shop/domain/schemas/payments';
import { config } from '../../../config';
import { notifyError, notifySuccess } from '@shop/app-kit/notify';
import { useSignedInUser } from '../../../store/session';
import { cartCleared } from '../../../store/cart-slice';
import { selectCartItems } from '../../../store/cart-lines';
import { selectCurrency } from '../../../store/currency-slice';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import {
  useCreateOrderMutation,
  useLazyPaymentConfigQuery,
  useReleaseCheckoutMutation,
  useSandboxCheckoutMutation,
  useVerifyPaymentMutation,
} from '../api/checkout-api';
import { openRazorpay } from '../lib/razorpay';
import { SandboxCheckoutDialog } from './sandbox-checkout-dialog';
import './pay-button.css';

const FAILED = 'Payment Failed';
/** A verification the server could not finish (503, or no answer) is sent again: the money may have moved. */
const VERIFY_TRIES = 4;
const VERIFY_PAUSE_MS = 2000;

const isBusy = (err: unknown) => {
  const status = (err as { status?: unknown } | null)?.status;
  return status === 0 || status === 503 || status === 502 || status === 504;
};

export interface PayButtonProps {
  /** Why PAY must wait (the delivery is incomplete), said in a plain line above it; PAY is disabled meanwhile. */
  blockedBy?: string | null;
  /** PAY waits without a line of its own (the delivery details are still loading). */
  waiting?: boolean;
  /** 'cod': the button places the order for cash on delivery; no payment window follows. */
  paymentMethod?: PaymentMethod;
  /** The coupon applied in the cart, sent with the order (the server checks it again and may refuse it in words). */
  coupon?: string;
  /** A cash on delivery order was placed (the cart is already emptied): the page says what happens next. */
  onCodOrderPlaced?: (order: CreateOrderResponse) => void;
}

/**
 * PAY: creates the order, opens the provider's checkout (Razorpay, or the in-app test checkout in sandbox
 * mode), then verifies the payment. Disabled and faded for guests, empty carts and an incomplete delivery.
 */
export function PayButton({ blockedBy = null, waiting = false, paymentMethod = 'online', coupon, onCodOrderPlaced }: PayButtonProps) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const user = useSignedInUser();
  const items = useAppSelector(selectCartItems);
  const { code } = useAppSelector(selectCurrency);
  const [createOrder] = useCreateOrderMutation();
  const [loadConfig] = useLazyPaymentConfigQuery();
  const [sandboxCheckout] = useSandboxCheckoutMutation();
  const [verifyPayment] = useVerifyPaymentMutation();
  const [releaseCheckout] = useReleaseCheckoutMutation();
  const [busy, setBusy] = useState(false);
  const [sandboxOrder, setSandboxOrder] = useState<CreateOrderResponse | null>(null);
  const [settling, setSettling] = useState(false);

  const disabled = !user || items.length === 0 || busy || blockedBy !== null || waiting;

  /** The payment, sent again while the server is busy: a charged shopper's payment must reach the shop. */
  const verifyOnce = async (result: PaymentResult) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await verifyPayment(result).unwrap();
      } catch (err) {
        if (attempt >= VERIFY_TRIES || !isBusy(err)) throw err;
        await new Promise((resolve) => setTimeout(resolve, VERIFY_PAUSE_MS));
      }
    }
  };

  const verify = async (result: PaymentResult | null) => {
    try {
      const answer = result ? await verifyOnce(result) : null;
      if (answer?.success) {
        dispatch(cartCleared());
        notifySuccess('Order Successful');
        navigate('/orders');
      } else {
        notifyError(FAILED);
      }
    } catch {
      notifyError(FAILED);
    }
  };

  /**
   * The shopper closed the payment window without paying: its hold on the units goes back at once and the cart stays
   * as it is, so nothing looks sold out on the next visit; PAY again reopens the same checkout.
   */
  const closeWindow = async (orderId: string) => {
    try {
      await releaseCheckout({ order_id: orderId }).unwrap();
    } catch {
      // Paid meanwhile (409) or unreachable: the reservation lapses on its own, and a payment is recorded as usual.
    }
    notifyError(FAILED);
  };

  const pay = async () => {
    setBusy(true);
    try {
      const order = await createOrder({
        // Each line's size goes with it; a line saved before sizes has none and is the default size.
        cart: items.map((i) => ({ _id: i._id, ...(i.variant ? { variant: i.variant } : {}), cart_quantity: i.cart_quantity, currency: code })),
        currency: code,
        // Online stays the call it always was; only cash on delivery names its method.
        ...(paymentMethod === 'cod' ? { payment_method: 'cod' as const } : {}),
        ...(coupon ? { coupon } : {}),
      }).unwrap();
      if (order.payment_method === 'cod') {
        dispatch(cartCleared());
        setBusy(false);
        onCodOrderPlaced?.(order);
        return;
      }
      const { provider, key_id } = await loadConfig(undefined, true).unwrap();
      if (provider === 'razorpay') {
        const outcome = await openRazorpay(key_id, order, config.brand);
        if (outcome === 'closed') await closeWindow(order.order_id);
        else await verify(outcome);
        setBusy(false);
      } else {
        setSandboxOrder(order);
      }
    } catch {
      // The base query already showed the server's message.
      setBusy(false);
    }
  };

  const sandboxOutcome = async (outcome: 'success' | 'failure' | 'closed') => {
    const order = sandboxOrder;
    if (!order || settling) return;
    setSettling(true);
    if (outcome === 'closed') {
      await closeWindow(order.order_id);
    } else {
      let result: PaymentResult | null = null;
      try {
        result = await sandboxCheckout({ order_id: order.order_id, outcome }).unwrap();
      } catch {
        result = null;
      }
      await verify(result);
    }
    setSandboxOrder(null);
    setSettling(false);
    setBusy(false);
  };

  return (
    <>
      {user && blockedBy && (
        <p id="pay-blocked" className="pay-button__blocked" role="status">
          {blockedBy}
        </p>
      )}
      <button
        type="button"
        className={`btn btn-primary pay-button${paymentMethod === 'cod' ? ' pay-button--cod' : ''}`}
        disabled={disabled}
        onClick={pay}
        aria-busy={busy}
        aria-describedby={user && blockedBy ? 'pay-blocked' : undefined}
      >
        {busy ? 'Processing…' : paymentMethod === 'cod' ? 'Place order (cash on delivery)' : 'PAY'}
      </button>
      <SandboxCheckoutDialog
        order={sandboxOrder}
        busy={settling}
        onPay={() => void sandboxOutcome('success')}
        onFail={() => void sandboxOutcome('failure')}
        onClose={() => void sandboxOutcome('closed')}
      />
    </>
  );
}
