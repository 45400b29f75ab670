import { SHIPPING_STATUSES, SHIPPING_STATUS_LABELS, type ShippingStatus } from '@shop/domain/constants';
import { FormField } from '@shop/ui/form-field';

/** Whether a stored status is one the shipping select offers (old rows may hold another). */
export function isShippingStatus(value: string): value is ShippingStatus {
  return (SHIPPING_STATUSES as readonly string[]).includes(value);
}

/** The shipping statuses as the options of a select, each under the label people read. */
export function ShippingStatusOptions() {
  return SHIPPING_STATUSES.map((s) => (
    <option key={s} value={s}>
      {SHIPPING_STATUS_LABELS[s]}
    </option>
  ));
}

/** What the customer is mailed when an order ships. */
export interface Tracking {
  courier: string;
  trackingNumber: string;
  trackingUrl: string;
}

interface TrackingFieldsProps {
  /** Keeps the fields' ids apart where two forms sit on one page. */
  idPrefix: string;
  value: Tracking;
  onChange: (value: Tracking) => void;
  /** The longest courier name and tracking number this form takes. */
  maxLength: { courier: number; trackingNumber: number };
  required?: boolean;
  urlLabel: string;
}

/** The courier, the tracking number and the tracking link, as one line's form and the whole checkout's dialog ask them. */
export function TrackingFields({ idPrefix, value, onChange, maxLength, required, urlLabel }: TrackingFieldsProps) {
  return (
    <>
      <FormField
        id={`${idPrefix}-courier`}
        label="Courier"
        value={value.courier}
        required={required}
        maxLength={maxLength.courier}
        onChange={(e) => onChange({ ...value, courier: e.target.value })}
      />
      <FormField
        id={`${idPrefix}-tracking`}
        label="Tracking number"
        value={value.trackingNumber}
        required={required}
        maxLength={maxLength.trackingNumber}
        autoCapitalize="characters"
        onChange={(e) => onChange({ ...value, trackingNumber: e.target.value })}
      />
      <FormField
        id={`${idPrefix}-url`}
        label={urlLabel}
        type="url"
        inputMode="url"
        placeholder="https://"
        value={value.trackingUrl}
        maxLength={500}
        onChange={(e) => onChange({ ...value, trackingUrl: e.target.value })}
      />
    </>
  );
}
