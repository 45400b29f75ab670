import { CURRENCIES, isCurrencyCode } from '@shop/domain/money';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { currencySelected, selectCurrency } from '../../store/currency-slice';

/** INR, USD, EUR or AED; the other currencies wait for the fetched rates. */
export function CurrencySelect({ id }: { id: string }) {
  const dispatch = useAppDispatch();
  const { code, rates } = useAppSelector(selectCurrency);
  return (
    <div className="currency-select">
      <label htmlFor={id} className="visually-hidden">
        Currency
      </label>
      <select
        id={id}
        value={code}
        onChange={(e) => {
          if (isCurrencyCode(e.target.value)) dispatch(currencySelected(e.target.value));
        }}
      >
        {CURRENCIES.map((c) => (
          <option key={c} value={c} disabled={c !== 'INR' && !rates}>
            {c}
          </option>
        ))}
      </select>
    </div>
  );
}
