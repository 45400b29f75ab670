/**
 * The cart's delivery quote: asked a moment after the cart, the place or the payment method stops changing, the
 * request it replaces cancelled, and the last good quote kept on screen while the next one loads.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { OUTSIDE_INDIA } from '@shop/domain/delivery';
import type { PaymentMethod, QuoteBody, QuoteResponse } from '@shop/domain/schemas/delivery';
import { failureMessage } from '@shop/app-kit/api-failure';
import { useLazyDeliveryQuoteQuery } from '../../../lib/delivery-api';
import type { CartLine } from '../../../store/cart-slice';

/** How long the cart must stay still before it is quoted (a run of plus presses asks once). */
const QUOTE_DELAY_MS = 350;

/** Where the cart goes: an Indian PIN code, or abroad. */
export type Destination = { pin: string } | { state: typeof OUTSIDE_INDIA };

export interface QuoteState {
  /** The latest quote answered for this cart (possibly for the cart as it was a moment ago, while `loading`). */
  quote: QuoteResponse | undefined;
  loading: boolean;
  /** The server's refusal of the latest request (an unknown PIN), in its words. */
  error: string | null;
}

/** The quote of these lines delivered there and paid that way, with the coupon applied in the cart (when one is). */
export function quoteBodyOf(items: readonly CartLine[], destination: Destination, payment_method: PaymentMethod, coupon?: string): QuoteBody {
  return {
    ...destination,
    cart: items.map((i) => ({ _id: i._id, ...(i.variant ? { variant: i.variant } : {}), cart_quantity: i.cart_quantity })),
    payment_method,
    ...(coupon ? { coupon } : {}),
  };
}

/** The debounced quote of `body` (null: nothing to quote, and nothing shown). */
export function useDebouncedQuote(body: QuoteBody | null): QuoteState {
  const [trigger, result] = useLazyDeliveryQuoteQuery();
  const key = body ? JSON.stringify(body) : null;
  const [asked, setAsked] = useState<string | null>(null);
  const pending = useRef<{ abort: () => void } | null>(null);

  useEffect(() => {
    if (key === null) return;
    const timer = setTimeout(() => {
      pending.current?.abort();
      // A quote seen in the last minute is shown at once (the cache); the dates move too slowly to matter.
      pending.current = trigger(JSON.parse(key) as QuoteBody, true);
      setAsked(key);
    }, QUOTE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [key, trigger]);
  // The request in flight when the cart leaves the page has nobody to answer.
  useEffect(() => () => pending.current?.abort(), []);

  if (key === null) return { quote: undefined, loading: false, error: null };
  const current = asked === key && !result.isFetching;
  const error = current && result.isError && (result.error as { name?: string } | undefined)?.name !== 'AbortError' ? failureMessage(result.error) : null;
  return { quote: error ? undefined : result.data, loading: !current, error };
}

/** What the server said of a coupon tried on the cart: the code as the shop writes it, or why not in plain words. */
type CouponTry = { code: string } | { refused: string };

/**
 * Tries a coupon on the cart's quote (`body` with its `coupon`), apart from the quote on screen, so a refused code
 * changes nothing the shopper sees but the line saying why.
 */
export function useCouponTry(): (body: QuoteBody) => Promise<CouponTry> {
  const [trigger] = useLazyDeliveryQuoteQuery();
  return useCallback(
    async (body: QuoteBody) => {
      try {
        const answer = await trigger(body, true).unwrap();
        if (answer.coupon) return { code: answer.coupon.code };
        if (answer.coupon_refused) return { refused: answer.coupon_refused };
        return { refused: answer.serviceable ? 'This coupon cannot be used on this cart.' : (answer.reason ?? 'We cannot deliver this cart there.') };
      } catch (error) {
        // A malformed code (400) or too many codes tried (429), in the server's words.
        return { refused: failureMessage(error) };
      }
    },
    [trigger],
  );
}
