import { useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { COUPON_KINDS, type Coupon, type CouponKind } from '@shop/domain/schemas/coupons';
import { asFailure } from '@shop/app-kit/api-failure';
import { notifySuccess } from '@shop/app-kit/notify';
import { FormActions } from '@shop/ui/form-actions';
import { FormField, SelectField, type FormFieldProps } from '@shop/ui/form-field';
import { Overlay } from '@shop/ui/overlay';
import { checkCoupon, couponValues, createBody, fieldOfRefusal, newCouponValues, updateBody, type CouponErrors, type CouponValues } from './coupon-form';
import { useCreateCouponMutation, useUpdateCouponMutation } from './coupons-api';

/** The fields typed in as text (the rest are the kind and the two checkboxes). */
type TextKey = Exclude<keyof CouponValues, 'kind' | 'first_order_only' | 'active'>;

/** The fields after the value, the same but for their words: the order minimum, the days and the limits. */
const LIMIT_FIELDS: Array<{ key: TextKey; id: string; label: string; hint: string } & Pick<FormFieldProps, 'type' | 'inputMode'>> = [
  { key: 'min_order', id: 'coupon-min-order', label: 'Minimum order (₹)', hint: 'Items total before the discount; empty: any order.', inputMode: 'decimal' },
  { key: 'starts_at', id: 'coupon-starts', label: 'Starts on', hint: 'From 00:00 IST that day.', type: 'date' },
  { key: 'ends_at', id: 'coupon-ends', label: 'Ends on', hint: 'Valid until 23:59:59 IST that day.', type: 'date' },
  { key: 'usage_limit', id: 'coupon-usage-limit', label: 'Usage limit (in all)', hint: 'Checkouts that may use it; empty: no limit.', inputMode: 'numeric' },
  {
    key: 'per_customer_limit',
    id: 'coupon-per-customer',
    label: 'Per customer limit',
    hint: 'An account and its delivery phone count as one customer; empty: no limit.',
    inputMode: 'numeric',
  },
];

/** The two yes/no terms; `id` is their error's, which the checkbox is described by. */
const CHECK_FIELDS: Array<{ key: Exclude<keyof CouponValues, TextKey | 'kind'>; id: string; label: string }> = [
  { key: 'first_order_only', id: 'coupon-first-error', label: 'First order only' },
  { key: 'active', id: 'coupon-active-error', label: 'Active (shoppers may use it between its days)' },
];

const KIND_OPTIONS: Record<CouponKind, string> = {
  percent: 'Percent off',
  fixed: 'Rupees off (₹)',
  free_shipping: 'Free delivery',
};

/** The add and edit overlay of one coupon. A refusal of the server shows beside the field it names; nothing typed is lost. */
export function CouponDialog({ coupon, onClose }: { coupon: Coupon | null; onClose: () => void }) {
  const [initial] = useState<CouponValues>(() => (coupon ? couponValues(coupon) : newCouponValues()));
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<CouponErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [createCoupon, { isLoading: creating }] = useCreateCouponMutation();
  const [updateCoupon, { isLoading: updating }] = useUpdateCouponMutation();
  const busy = creating || updating;

  const set = <K extends keyof CouponValues>(key: K, value: CouponValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
    setFormError(null);
  };

  /** value, error and onChange of a typed-in field, the same for every text field of the form. */
  const bind = (key: TextKey) => ({ value: values[key], error: errors[key], onChange: (e: ChangeEvent<HTMLInputElement>) => set(key, e.target.value) });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = checkCoupon(values);
    setErrors(problems);
    setFormError(null);
    if (Object.keys(problems).length > 0) return;
    try {
      if (coupon) {
        const body = updateBody(initial, values);
        if (Object.keys(body).length > 0) await updateCoupon({ id: coupon._id, body }).unwrap();
      } else {
        await createCoupon(createBody(values)).unwrap();
      }
      notifySuccess(`Coupon ${values.code.trim()} saved`);
      onClose();
    } catch (error) {
      const failure = asFailure(error);
      const { field, message } = fieldOfRefusal(failure.message, failure.status);
      if (field) setErrors({ [field]: message });
      else setFormError(message);
    }
  };

  const valueLabel = values.kind === 'percent' ? 'Percent off (%)' : 'Rupees off (₹)';
  return (
    <Overlay open onClose={onClose} title={coupon ? `Edit coupon ${coupon.code}` : 'Add coupon'} size="lg">
      <form onSubmit={submit} noValidate className="coupon-form" aria-label={coupon ? `Edit coupon ${coupon.code}` : 'Add coupon'}>
        <div className="form-grid">
          <FormField
            id="coupon-code"
            label="Code"
            hint="3 to 30 letters, digits, - or _. Shoppers may type it in any letter case."
            maxLength={40}
            autoComplete="off"
            spellCheck={false}
            {...bind('code')}
          />
          <SelectField id="coupon-kind" label="Kind" value={values.kind} error={errors.kind} onChange={(e) => set('kind', e.target.value as CouponKind)}>
            {COUPON_KINDS.map((k) => (
              <option key={k} value={k}>
                {KIND_OPTIONS[k]}
              </option>
            ))}
          </SelectField>
          {values.kind !== 'free_shipping' ? (
            <FormField id="coupon-value" label={valueLabel} inputMode="decimal" {...bind('value')} />
          ) : (
            <p className="field coupon-form__note">The delivery fee is waived; there is no value to set.</p>
          )}
          {values.kind === 'percent' && (
            <FormField
              id="coupon-max-discount"
              label="Max discount (₹)"
              hint="The most it takes off one order; empty: no cap."
              inputMode="decimal"
              {...bind('max_discount')}
            />
          )}
          {LIMIT_FIELDS.map(({ key, ...field }) => (
            <FormField key={key} {...field} {...bind(key)} />
          ))}
        </div>
        <div className="coupon-form__checks">
          {CHECK_FIELDS.map(({ key, id, label }) => (
            <CouponCheck key={key} id={id} label={label} checked={values[key]} error={errors[key]} onChange={(checked) => set(key, checked)} />
          ))}
        </div>
        {formError && (
          <p className="field-error coupon-form__error" role="alert">
            {formError}
          </p>
        )}
        <FormActions className="form-actions" onCancel={onClose} submitLabel="Save coupon" busyLabel="Saving…" busy={busy} />
      </form>
    </Overlay>
  );
}

/** A checkbox of the coupon and, under it, the error that names it (tied by aria-describedby; `id` is the error's). */
function CouponCheck({
  id,
  label,
  checked,
  error,
  onChange,
}: {
  id: string;
  label: ReactNode;
  checked: boolean;
  error?: string;
  onChange: (checked: boolean) => void;
}) {
  return (
    <>
      <label className="check-label">
        <input type="checkbox" checked={checked} aria-describedby={error ? id : undefined} onChange={(e) => onChange(e.target.checked)} />
        <span>{label}</span>
      </label>
      {error && (
        <span id={id} className="field-error" role="alert">
          {error}
        </span>
      )}
    </>
  );
}
