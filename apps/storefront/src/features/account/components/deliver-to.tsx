import { useState, type FormEvent } from 'react';
import { asFailure } from '@shop/app-kit/api-failure';
import { DELIVERY_STATES, isCallablePhone, missingDeliveryDetails, missingDeliveryMessage, OUTSIDE_INDIA } from '@shop/domain/delivery';
import type { User } from '@shop/domain/schemas/users';
import { FormField, SelectField, TextAreaField } from '@shop/ui/form-field';
import { notifySuccess } from '@shop/app-kit/notify';
import { useSignedInUser } from '../../../store/session';
import { useRememberedPin } from '../../../hooks/use-remembered-pin';
import { useLazyPincodeQuery, usePincodeQuery } from '../../../lib/delivery-api';
import { useProfileQuery, useUpdateProfileMutation } from '../api/account-api';
import { deliveryOf, isIndianDelivery, isPinValid, type DeliveryValues } from '../lib/delivery';
import { DeliveryAddress } from './delivery-address';
import { PhoneField } from './phone-field';
import './account.css';

export interface DeliveryStatus {
  ready: boolean;
  missingLine: string | null;
  /** Where the saved delivery goes, for the quote: its PIN code, or 'Outside India'; '' for neither (or no profile yet). */
  place: string;
}

/** Whether the signed-in shopper's saved delivery is complete, the plain line saying what is missing, and where it goes. */
export function useDeliveryStatus(): DeliveryStatus {
  const user = useSignedInUser();
  const { data: profile } = useProfileQuery(undefined, { skip: !user });
  if (!user) return { ready: false, missingLine: null, place: '' };
  if (!profile) return { ready: false, missingLine: null, place: '' };
  const saved = deliveryOf(profile);
  const place = !isIndianDelivery(saved) ? OUTSIDE_INDIA : isPinValid(saved.pin) ? saved.pin.trim() : '';
  // The same rule and sentence as the server's answer to POST /orders.
  const missing = missingDeliveryDetails(saved);
  return missing.length === 0 ? { ready: true, missingLine: null, place } : { ready: false, missingLine: missingDeliveryMessage(missing), place };
}

const same = (a: DeliveryValues, b: DeliveryValues) =>
  a.name === b.name &&
  a.phone.replace(/\D/g, '') === b.phone.replace(/\D/g, '') &&
  a.address === b.address &&
  a.pin === b.pin &&
  a.state === b.state;

/** Field errors, shown once the shopper tried to save. */
function errorsOf(values: DeliveryValues): Partial<Record<keyof DeliveryValues, string>> {
  return {
    name: values.name.trim() === '' ? 'Enter the name to deliver to' : undefined,
    phone: isCallablePhone(values.phone) ? undefined : 'Enter a whole phone number',
    address: values.address.trim() === '' ? 'Enter the address: house, street, town' : undefined,
    state: values.state === '' ? 'Choose the state' : undefined,
    pin: isIndianDelivery(values) && !isPinValid(values.pin) ? 'Enter the 6-digit PIN code' : undefined,
  };
}

export interface DeliverToProps {
  /** Told when the form opens or closes, so PAY can wait for unsaved edits. */
  onEditingChange?: (editing: boolean) => void;
}

/**
 * The cart's "Deliver to" block: name, phone, address, state and PIN code, prefilled from the profile,
 * edited in place and saved back to it (PUT users/profile). Shown to signed-in shoppers only.
 */
export function DeliverTo({ onEditingChange }: DeliverToProps) {
  const user = useSignedInUser();
  const { data: profile } = useProfileQuery(undefined, { skip: !user });
  if (!user) return null;
  return (
    <section className="deliver-to card" aria-labelledby="deliver-to-heading">
      <h2 id="deliver-to-heading" className="deliver-to__heading">
        Deliver to
      </h2>
      {profile ? (
        <DeliveryEditor key={profile._id} profile={profile} onEditingChange={onEditingChange} />
      ) : (
        <p role="status" className="deliver-to__loading">
          Loading your delivery details…
        </p>
      )}
    </section>
  );
}

function DeliveryEditor({ profile, onEditingChange }: { profile: User; onEditingChange?: (editing: boolean) => void }) {
  const saved = deliveryOf(profile);
  const [editing, setEditingState] = useState(() => missingDeliveryDetails(saved).length > 0);
  const [values, setValues] = useState<DeliveryValues>(saved);
  const [tried, setTried] = useState(false);
  const [update, { isLoading }] = useUpdateProfileMutation();
  const [, remember] = useRememberedPin();
  // The PIN's place, looked up as soon as six digits are typed (and for the saved PIN when the form opens).
  const lookedUpPin = isIndianDelivery(values) && isPinValid(values.pin) ? values.pin.trim() : null;
  const lookup = usePincodeQuery(lookedUpPin ?? '', { skip: lookedUpPin === null });
  const [lookUp] = useLazyPincodeQuery();
  const place = lookedUpPin !== null ? lookup.currentData : undefined;
  // An unknown (404) or malformed (400) PIN, in the server's words; an unreachable directory refuses nothing.
  const failure = lookedUpPin !== null && lookup.isError && !lookup.isFetching ? asFailure(lookup.error) : null;
  const pinRefused = failure && (failure.status === 404 || failure.status === 400) ? failure.message : undefined;
  // A state that disagrees with the PIN would make a wrong tax invoice: refused, as POST /orders refuses it.
  const stateRefused =
    place && isIndianDelivery(values) && values.state !== '' && values.state !== place.state ? `PIN ${place.pin} is in ${place.state}, not ${values.state}` : undefined;

  /** A typed PIN: once it has six digits, its state fills the State field and it becomes the remembered PIN. */
  const typePin = (typed: string) => {
    const pin = typed.replace(/\D/g, '');
    set('pin', pin);
    if (!isPinValid(pin)) return;
    lookUp(pin, true)
      .unwrap()
      .then((found) => {
        setValues((v) => (v.pin === pin && isIndianDelivery(v) ? { ...v, state: found.state } : v));
        remember(pin);
      })
      .catch(() => {
        // Shown under the PIN (the lookup's error).
      });
  };

  const setEditing = (next: boolean) => {
    setEditingState(next);
    onEditingChange?.(next);
  };
  const set = <K extends keyof DeliveryValues>(key: K, value: DeliveryValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const errors = tried ? errorsOf(values) : {};

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (missingDeliveryDetails(values).length > 0 || stateRefused || pinRefused) return;
    try {
      const pin = isIndianDelivery(values) ? values.pin.trim() : '';
      const { message, user } = await update({
        name: values.name.trim(),
        email: profile.email,
        phone: values.phone,
        address: values.address.trim(),
        pin,
        state: values.state as (typeof DELIVERY_STATES)[number],
      }).unwrap();
      const next = deliveryOf(user);
      setValues(next);
      // Closed only when what the server kept is complete; otherwise the form stays open, showing what is missing.
      const stillMissing = missingDeliveryDetails(next).length > 0;
      setTried(stillMissing);
      setEditing(stillMissing);
      notifySuccess(message);
    } catch {
      // The server's message is already shown.
    }
  };

  if (!editing) {
    return (
      <div className="deliver-to__summary">
        <DeliveryAddress delivery={saved} block="deliver-to" boldName />
        <button type="button" className="btn btn-outline deliver-to__change" onClick={() => setEditing(true)}>
          Change
        </button>
      </div>
    );
  }

  const complete = missingDeliveryDetails(saved).length === 0;
  return (
    <form className="deliver-to__form" aria-label="Deliver to" onSubmit={submit} noValidate>
      <FormField
        id="deliver-name"
        label="Name"
        autoComplete="name"
        value={values.name}
        error={errors.name}
        onChange={(e) => set('name', e.target.value)}
      />
      <PhoneField id="deliver-phone" value={values.phone} onChange={(phone) => set('phone', phone)} />
      {errors.phone && (
        <span className="field-error" role="alert">
          {errors.phone}
        </span>
      )}
      <TextAreaField
        id="deliver-address"
        name="address"
        label="Address"
        rows={5}
        autoComplete="street-address"
        value={values.address}
        error={errors.address}
        onChange={(e) => set('address', e.target.value)}
      />
      <div className="deliver-to__row">
        <SelectField
          id="deliver-state"
          name="state"
          label="State"
          autoComplete="address-level1"
          value={values.state}
          error={errors.state ?? stateRefused}
          onChange={(e) => set('state', e.target.value)}
        >
          <option value="">Choose…</option>
          {DELIVERY_STATES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </SelectField>
        {values.state !== OUTSIDE_INDIA && (
          <FormField
            id="deliver-pin"
            label="PIN code"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={6}
            value={values.pin}
            error={errors.pin ?? pinRefused}
            hint={place && !pinRefused ? [place.district, place.state].filter(Boolean).join(', ') : undefined}
            onChange={(e) => typePin(e.target.value)}
          />
        )}
      </div>
      <div className="deliver-to__actions">
        <button type="submit" className="btn btn-primary" disabled={isLoading || (complete && same(values, saved))}>
          Save delivery details
        </button>
        {complete && (
          <button
            type="button"
            className="btn btn-outline"
            onClick={() => {
              setValues(saved);
              setTried(false);
              setEditing(false);
            }}
          >
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
