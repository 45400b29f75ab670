import { useState, type FormEvent } from 'react';
import { PIN_CODE_PATTERN } from '@shop/domain/delivery';
import { FormField } from '@shop/ui/form-field';
import { failureMessage } from '@shop/app-kit/api-failure';
import { useRememberedPin } from '../../../hooks/use-remembered-pin';
import { useDeliveryQuoteQuery } from '../../../lib/delivery-api';
import { formatArrival } from '@shop/domain/arrival';
import { DeliveryFee } from './quote-lines';
import './delivery.css';

const pinPattern = new RegExp(PIN_CODE_PATTERN);
const PIN_NEEDED = 'Enter the 6-digit PIN code';

export interface PinCheckProps {
  productId: string;
  /** The chosen size's `_id`; absent for a product without sizes. */
  variant?: string;
  /** Delivered only to PIN codes near the farm (fresh dairy). */
  localOnly?: boolean;
}

/**
 * The product page's delivery check: a PIN code and Check, then the fee, the arrival dates and cash on delivery for
 * one of the chosen size, or why it cannot go there. The PIN is remembered (with the cart) and checked again for
 * each size chosen.
 */
export function PinCheck({ productId, variant, localOnly }: PinCheckProps) {
  const [pin, remember] = useRememberedPin();
  // What the shopper typed; until they type, the remembered PIN.
  const [typed, setTyped] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const value = typed ?? pin;
  const body = { pin, cart: [{ _id: productId, ...(variant ? { variant } : {}), cart_quantity: 1 }] };
  const { currentData: quote, error, isFetching } = useDeliveryQuoteQuery(body, { skip: pin === '' });

  const check = (e: FormEvent) => {
    e.preventDefault();
    const next = value.trim();
    setInvalid(!pinPattern.test(next));
    if (pinPattern.test(next)) remember(next);
  };

  // An unknown or malformed PIN is the field's error; a PIN the shop does not serve is the check's answer.
  const fieldError = invalid ? PIN_NEEDED : error && value === pin ? failureMessage(error) : undefined;
  return (
    <section className="pin-check" aria-labelledby="pin-check-title">
      <h2 id="pin-check-title" className="pin-check__title">
        Delivery
      </h2>
      <form className="pin-check__form" onSubmit={check} noValidate>
        <FormField
          id="pin-check-pin"
          label="PIN code"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          placeholder="6-digit PIN"
          value={value}
          error={fieldError}
          onChange={(e) => {
            setTyped(e.target.value.replace(/\D/g, ''));
            setInvalid(false);
          }}
        />
        <button type="submit" className="btn btn-outline pin-check__button">
          Check
        </button>
      </form>
      {localOnly && <p className="pin-check__note">Fresh product: delivered only to PIN codes near the farm.</p>}
      <div className="pin-check__result" aria-live="polite" aria-busy={isFetching}>
        {pin !== '' && !invalid && isFetching && !quote && <p className="delivery-line delivery-line--hint">Checking delivery to {pin}…</p>}
        {!invalid && quote && !quote.serviceable && (
          <p className="delivery-line delivery-line--refused">{quote.reason ?? `We cannot deliver to PIN ${pin} yet.`}</p>
        )}
        {!invalid && quote?.serviceable && (
          <>
            <p className="delivery-line delivery-line--place">
              Delivery to {pin}
              {quote.district ? ` (${quote.district}, ${quote.state})` : ` (${quote.state})`}
            </p>
            <DeliveryFee quote={quote} />
            <p className="delivery-line delivery-line--eta">{formatArrival(quote.eta)}</p>
            <p className="delivery-line">
              {quote.cod_available ? 'Cash on delivery available' : (quote.cod_unavailable_reason ?? 'Cash on delivery is not available here')}
            </p>
          </>
        )}
      </div>
    </section>
  );
}
