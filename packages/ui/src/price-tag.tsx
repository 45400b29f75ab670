/** A price stored in INR, shown in the selected currency with 2 decimals (`formatPrice` of @shop/domain). */
import { formatPrice, type CurrencyCode } from '@shop/domain/money';

export interface PriceTagProps {
  /** Base-currency (INR) price in rupees. */
  value: number;
  currency: CurrencyCode;
  rate: number;
  className?: string;
}

export function PriceTag({ value, currency, rate, className = 'price' }: PriceTagProps) {
  return (
    <span className={className} data-currency={currency}>
      {formatPrice(value, currency, rate)}
    </span>
  );
}
