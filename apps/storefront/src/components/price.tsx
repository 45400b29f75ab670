import { PriceTag } from '@shop/ui/price-tag';
import { useAppSelector } from '../store/hooks';
import { selectCurrency } from '../store/currency-slice';
import './price.css';

/** A base-currency (INR) price shown in the shopper's currency. */
export function Price({ value, className }: { value: number; className?: string }) {
  const { code, rate } = useAppSelector(selectCurrency);
  return <PriceTag value={value} currency={code} rate={rate} className={className ?? 'price'} />;
}
