import { useId, useState, type FormEvent } from 'react';
import './coupon-field.css';

/**
 * What the shop takes for a code (COUPON_CODE_PATTERN, written out so the cart's chunk does not take in the schemas'
 * TypeBox). Only a convenience: the server checks every code and says why one is refused.
 */
const CODE = /^[A-Za-z0-9_-]{3,30}$/;

export interface CouponFieldProps {
  /** The code applied in the cart (remembered with it), absent without one. */
  applied?: string;
  /** Why the cart's current quote no longer applies the remembered code (expired meanwhile, below the minimum now). */
  refused?: string | null;
  /** Tries `code` on this cart: null when the server applied it, else its refusal in plain words. */
  onApply: (code: string) => Promise<string | null>;
  onRemove: () => void;
}

/**
 * The cart's "Apply coupon": one code per checkout. A code the server refuses is said under the field and nothing
 * changes (the code stays typed, an applied one stays applied); an applied code shows with Remove.
 */
export function CouponField({ applied, refused, onApply, onRemove }: CouponFieldProps) {
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const apply = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const typed = code.trim();
    const problem = !typed ? 'Enter a coupon code.' : !CODE.test(typed) ? `There is no coupon ${typed}: a code is 3 to 30 letters, digits, - or _.` : null;
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(null);
    const refusal = await onApply(typed);
    setBusy(false);
    setError(refusal);
    if (refusal === null) setCode('');
  };

  if (applied) {
    return (
      <section className="coupon" aria-label="Coupon">
        <div className="coupon__applied">
          <p className="coupon__code">
            Coupon <strong>{applied}</strong> {refused ? 'not applied' : 'applied'}
          </p>
          <button type="button" className="btn btn-outline coupon__remove" aria-label={`Remove coupon ${applied}`} onClick={onRemove}>
            Remove
          </button>
        </div>
        {refused && (
          <p className="field-error coupon__refused" role="alert">
            {refused}
          </p>
        )}
      </section>
    );
  }

  const errorId = `${id}-error`;
  return (
    <form className="coupon" aria-label="Coupon" onSubmit={apply} noValidate>
      <label htmlFor={`${id}-code`} className="field-label">
        Apply coupon
      </label>
      <div className="coupon__row">
        <input
          id={`${id}-code`}
          className="input coupon__input"
          value={code}
          maxLength={40}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="Coupon code"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => {
            setCode(e.target.value);
            setError(null);
          }}
        />
        <button type="submit" className="btn btn-outline coupon__apply" disabled={busy} aria-busy={busy}>
          {busy ? 'Applying…' : 'Apply'}
        </button>
      </div>
      {error && (
        <p id={errorId} className="field-error coupon__refused" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
