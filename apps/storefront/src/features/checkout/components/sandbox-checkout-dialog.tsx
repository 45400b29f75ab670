import { Overlay } from '@shop/ui/overlay';
import type { CreateOrderResponse } from '@shop/domain/schemas/orders';
import { formatPrice, paiseToRupees } from '@shop/domain/money';

export interface SandboxCheckoutDialogProps {
  order: CreateOrderResponse | null;
  busy: boolean;
  onPay: () => void;
  onFail: () => void;
  onClose: () => void;
}

/** The shop's test checkout (sandbox payments): Pay or Fail, then the same verification as Razorpay. */
export function SandboxCheckoutDialog({ order, busy, onPay, onFail, onClose }: SandboxCheckoutDialogProps) {
  return (
    <Overlay open={order !== null} onClose={busy ? () => {} : onClose} title="Test checkout" closeLabel="Cancel payment">
      {order && (
        <div className="sandbox-checkout">
          <p>This shop runs with test payments: no money moves.</p>
          <dl className="sandbox-checkout__facts">
            <dt>Amount</dt>
            <dd>{formatPrice(paiseToRupees(order.amount), 'INR', 1)}</dd>
            <dt>Name</dt>
            <dd>{order.name}</dd>
            <dt>Email</dt>
            <dd>{order.email}</dd>
            {order.phone && (
              <>
                <dt>Phone</dt>
                <dd>{order.phone}</dd>
              </>
            )}
          </dl>
          <p className="sandbox-checkout__note">session will expire in 5 minutes</p>
          <div className="sandbox-checkout__actions">
            <button type="button" className="btn btn-primary" onClick={onPay} disabled={busy}>
              Pay
            </button>
            <button type="button" className="btn btn-danger" onClick={onFail} disabled={busy}>
              Fail
            </button>
          </div>
        </div>
      )}
    </Overlay>
  );
}
