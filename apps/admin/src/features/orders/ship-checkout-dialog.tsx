import { useState, type FormEvent } from 'react';
import { Overlay } from '@shop/ui/overlay';
import { Button } from '@shop/ui/button';
import { notifySuccess } from '@shop/app-kit/notify';
import { useShipCheckoutMutation } from './orders-api';
import { TrackingFields, type Tracking } from './shipping-fields';

/** The checkout being shipped: its key and the number people read. */
export interface CheckoutToShip {
  order_id: string;
  order_number: string;
}

/**
 * Shipped, in one step: the courier and tracking number (and a tracking link) go with the status in one
 * PUT /checkouts/{order_id}, so the customer gets one "shipped" mail that carries the tracking.
 */
export function ShipCheckoutDialog({ checkout, onClose }: { checkout: CheckoutToShip | null; onClose: () => void }) {
  return (
    <Overlay open={checkout !== null} onClose={onClose} title={`Ship ${checkout?.order_number ?? ''}`}>
      {checkout && <ShipForm key={checkout.order_id} checkout={checkout} onDone={onClose} />}
    </Overlay>
  );
}

function ShipForm({ checkout, onDone }: { checkout: CheckoutToShip; onDone: () => void }) {
  const [tracking, setTracking] = useState<Tracking>({ courier: '', trackingNumber: '', trackingUrl: '' });
  const { courier, trackingNumber, trackingUrl } = tracking;
  const [ship, { isLoading }] = useShipCheckoutMutation();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const url = trackingUrl.trim();
    try {
      await ship({
        order_id: checkout.order_id,
        status: 'Shipped',
        courier: courier.trim(),
        tracking_number: trackingNumber.trim(),
        ...(url ? { tracking_url: url } : {}),
      }).unwrap();
      notifySuccess('Shipping status updated successfully');
      onDone();
    } catch {
      // toasted with the server's reason; the dialog stays open to correct it
    }
  };

  return (
    <form aria-label="Ship checkout" onSubmit={submit}>
      <p className="muted small">Every line of this order is marked Shipped; the customer gets one mail with the tracking.</p>
      <TrackingFields
        idPrefix="ship"
        value={tracking}
        onChange={setTracking}
        maxLength={{ courier: 100, trackingNumber: 100 }}
        required
        urlLabel="Tracking URL (optional)"
      />
      <div className="form-actions">
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={isLoading || courier.trim() === '' || trackingNumber.trim() === ''}>
          {isLoading ? 'Shipping…' : 'Mark shipped'}
        </Button>
      </div>
    </form>
  );
}
