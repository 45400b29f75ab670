import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { CreateOrderResponse } from '@shop/domain/schemas/orders';
import type { PaymentResult } from '@shop/domain/schemas/payments';
import { config } from '../../../config';
import { notifyError, notifySuccess } from '@shop/app-kit/notify';
import { useSignedInUser } from '../../../store/session';
import { cartCleared, selectCartItems } from '../../../store/cart-slice';
import { selectCurrency } from '../../../store/currency-slice';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import {
  useCreateOrderMutation,
  useLazyPaymentConfigQuery,
  useSandboxCheckoutMutation,
  useVerifyPaymentMutation,
} from '../api/checkout-api';
import { openRazorpay } from '../lib/razorpay';
import { SandboxCheckoutDialog } from './sandbox-checkout-dialog';
import './pay-button.css';

const FAILED = 'Payment Failed';

export interface PayButtonProps {
  /** Why PAY must wait (the delivery is incomplete), said in a plain line above it; PAY is disabled meanwhile. */
  blockedBy?: string | null;
  /** PAY waits without a line of its own (the delivery details are still loading). */
  waiting?: boolean;
}

/**
 * PAY: creates the order, opens the provider's checkout (Razorpay, or the in-app test checkout in sandbox
 * mode), then verifies the payment. Disabled and faded for guests, empty carts and an incomplete delivery.
 */
export function PayButton({ blockedBy = null, waiting = false }: PayButtonProps) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const user = useSignedInUser();
  const items = useAppSelector(selectCartItems);
  const { code } = useAppSelector(selectCurrency);
  const [createOrder] = useCreateOrderMutation();
  const [loadConfig] = useLazyPaymentConfigQuery();
  const [sandboxCheckout] = useSandboxCheckoutMutation();
  const [verifyPayment] = useVerifyPaymentMutation();
  const [busy, setBusy] = useState(false);
  const [sandboxOrder, setSandboxOrder] = useState<CreateOrderResponse | null>(null);
  const [settling, setSettling] = useState(false);

  const disabled = !user || items.length === 0 || busy || blockedBy !== null || waiting;

  const verify = async (result: PaymentResult | null) => {
    try {
      const answer = result ? await verifyPayment(result).unwrap() : null;
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

  const pay = async () => {
    setBusy(true);
    try {
      const order = await createOrder({
        cart: items.map((i) => ({ _id: i._id, cart_quantity: i.cart_quantity, currency: code })),
        currency: code,
      }).unwrap();
      const { provider, key_id } = await loadConfig(undefined, true).unwrap();
      if (provider === 'razorpay') {
        await verify(await openRazorpay(key_id, order, config.brand));
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
    let result: PaymentResult | null = null;
    if (outcome !== 'closed') {
      try {
        result = await sandboxCheckout({ order_id: order.order_id, outcome }).unwrap();
      } catch {
        result = null;
      }
    }
    await verify(result);
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
        className="btn btn-primary pay-button"
        disabled={disabled}
        onClick={pay}
        aria-busy={busy}
        aria-describedby={user && blockedBy ? 'pay-blocked' : undefined}
      >
        {busy ? 'Processing…' : 'PAY'}
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
