import type { PaymentMethod, QuoteResponse } from '@shop/domain/schemas/delivery';
import { Price } from '../../../components/price';
import './delivery.css';

export interface PaymentChoiceProps {
  value: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
  /** A quote of this cart paid by cash on delivery: its fee, and whether (or why not) it is offered. */
  codQuote: QuoteResponse | undefined;
}

/** Pay online (the default) or cash on delivery, the latter off with the server's reason when the cart may not use it. */
export function PaymentChoice({ value, onChange, codQuote }: PaymentChoiceProps) {
  const codOff = codQuote !== undefined && (!codQuote.serviceable || !codQuote.cod_available);
  const reason = codQuote && !codQuote.cod_available ? codQuote.cod_unavailable_reason : undefined;
  return (
    <fieldset className="payment-choice">
      <legend>Payment</legend>
      <label className="payment-choice__option">
        <input type="radio" name="payment-method" value="online" checked={value === 'online'} onChange={() => onChange('online')} />
        Pay online
      </label>
      <label className={`payment-choice__option${codOff ? ' is-disabled' : ''}`}>
        <input
          type="radio"
          name="payment-method"
          value="cod"
          checked={value === 'cod'}
          disabled={codOff}
          aria-describedby={reason ? 'cod-unavailable' : undefined}
          onChange={() => onChange('cod')}
        />
        <span>
          Cash on delivery
          {codQuote && codQuote.cod_fee > 0 && (
            <>
              {' (+'}
              <Price value={codQuote.cod_fee} />)
            </>
          )}
        </span>
      </label>
      {reason && (
        <span id="cod-unavailable" className="field-hint">
          {reason}
        </span>
      )}
    </fieldset>
  );
}
