import { useState, type FormEvent } from 'react';
import { Button } from '@shop/ui/button';
import { FormField } from '@shop/ui/form-field';
import { failureMessage } from '@shop/app-kit/api-failure';
import { isEmail } from '../../../lib/validation';
import { useSignedInUser } from '../../../store/session';
import { useNotifyWhenBackMutation } from '../api/back-in-stock-api';

export interface NotifyMeProps {
  productId: string;
  /** The sold-out size's `_id`; absent for a product without sizes. */
  variant?: string;
  /** The size's label ("1 L"), named in the heading when the product has several. */
  sizeLabel?: string;
}

const DONE = 'We will email you when it is back.';

/**
 * "Notify me" on a sold-out size (issue 33): an email (the signed-in customer's, filled in) and one button. Whatever
 * the shop already knew about the address, the answer is the same confirmation; a refusal (a malformed address, too
 * many tries) is said in plain words beside the field.
 */
export default function NotifyMe({ productId, variant, sizeLabel }: NotifyMeProps) {
  const user = useSignedInUser();
  // What the shopper typed; until they type, the signed-in customer's address.
  const [typed, setTyped] = useState<string | null>(null);
  const [problem, setProblem] = useState<string>();
  const [done, setDone] = useState(false);
  const [notify, { isLoading }] = useNotifyWhenBackMutation();
  const email = typed ?? user?.email ?? '';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const address = email.trim();
    if (!isEmail(address)) {
      setProblem('Enter your email address, like name@example.com.');
      return;
    }
    setProblem(undefined);
    try {
      await notify({ productId, email: address, variant }).unwrap();
      setDone(true);
    } catch (error) {
      setProblem(failureMessage(error));
    }
  };

  return (
    <section className="notify-me" aria-labelledby="notify-me-title">
      <h2 id="notify-me-title" className="notify-me__title">
        {sizeLabel ? `${sizeLabel} is sold out` : 'Sold out for now'}
      </h2>
      {done ? (
        <p className="notify-me__done" role="status">
          {DONE}
        </p>
      ) : (
        <form className="notify-me__form" onSubmit={submit} noValidate>
          <p className="notify-me__lead" id="notify-me-lead">
            Leave your email and we will send you one mail when it is back in stock.
          </p>
          <FormField
            id="notify-me-email"
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            maxLength={254}
            value={email}
            error={problem}
            aria-describedby="notify-me-lead"
            onChange={(e) => {
              setTyped(e.target.value);
              setProblem(undefined);
            }}
          />
          <Button type="submit" disabled={isLoading}>
            {isLoading ? 'Sending…' : 'Notify me'}
          </Button>
        </form>
      )}
    </section>
  );
}
