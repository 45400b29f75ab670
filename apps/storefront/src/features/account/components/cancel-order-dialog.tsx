import { useState, type FormEvent } from 'react';
import { formatPrice } from '@shop/domain/money';
import { REFUND_DAYS } from '@shop/domain/schemas/refunds';
import { notifySuccess } from '@shop/app-kit/notify';
import { Button } from '@shop/ui/button';
import { FormActions } from '@shop/ui/form-actions';
import { TextAreaField } from '@shop/ui/form-field';
import { Overlay } from '@shop/ui/overlay';
import { useCancelOrderMutation, useRequestCancellationMutation } from '../api/account-api';

/**
 * Cancel, in two steps: the button opens this question, and only "Cancel order" here sends it. It says what happens
 * to the money before the customer decides.
 */
export function CancelOrderDialog({
  open,
  onClose,
  orderId,
  orderName,
  refundable,
}: {
  open: boolean;
  onClose: () => void;
  orderId: string;
  orderName: string;
  /** What a cancellation pays back, rupees (0: nothing was charged, cash on delivery). */
  refundable: number;
}) {
  const [cancel, { isLoading }] = useCancelOrderMutation();
  const confirm = async () => {
    try {
      notifySuccess(await cancel(orderId).unwrap());
      onClose();
    } catch {
      // The server's reason is toasted; the question stays open so it can be read beside the order.
    }
  };
  return (
    <Overlay open={open} onClose={onClose} title={`Cancel order ${orderName}?`}>
      <div className="after-sales-dialog">
        <p>Every item of this order is cancelled and nothing is sent.</p>
        {refundable > 0 ? (
          <p>
            <strong>{formatPrice(refundable, 'INR', 1)}</strong> is refunded to the account you paid from; it reaches you within {REFUND_DAYS}.
          </p>
        ) : (
          <p>Nothing was charged, so there is nothing to refund.</p>
        )}
        <div className="after-sales-dialog__actions">
          <Button variant="outline" onClick={onClose}>
            Keep the order
          </Button>
          <Button variant="danger" disabled={isLoading} onClick={() => void confirm()}>
            {isLoading ? 'Cancelling…' : 'Cancel order'}
          </Button>
        </div>
      </div>
    </Overlay>
  );
}

/** Past the day it was placed, or once shipped: the customer asks the shop, which is mailed the request. */
export function RequestCancellationDialog({
  open,
  onClose,
  orderId,
  orderName,
}: {
  open: boolean;
  onClose: () => void;
  orderId: string;
  orderName: string;
}) {
  const [message, setMessage] = useState('');
  const [send, { isLoading }] = useRequestCancellationMutation();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const text = message.trim();
    try {
      notifySuccess(await send({ orderId, ...(text ? { message: text } : {}) }).unwrap());
      setMessage('');
      onClose();
    } catch {
      // Toasted; what was written stays in the box.
    }
  };
  return (
    <Overlay open={open} onClose={onClose} title={`Request cancellation of ${orderName}`}>
      <form className="after-sales-dialog" aria-label="Request cancellation" onSubmit={submit}>
        <p>This order can no longer be cancelled here. The shop gets your request by mail and replies to you.</p>
        <TextAreaField
          id={`cancel-request-${orderId}`}
          label="Anything the shop should know (optional)"
          rows={3}
          maxLength={1000}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
        />
        <FormActions
          className="after-sales-dialog__actions"
          onCancel={onClose}
          cancelLabel="Close"
          submitLabel="Send request"
          busyLabel="Sending…"
          busy={isLoading}
        />
      </form>
    </Overlay>
  );
}
