import { useState, type ChangeEvent, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

/** What every labelled field has around its control. */
interface FieldFrame {
  id: string;
  label: ReactNode;
  error?: string;
  /** A short help line under the control, read with it (aria-describedby). */
  hint?: ReactNode;
  /** Spans both columns of a two-column form grid. */
  wide?: boolean;
}

export interface FormFieldProps extends FieldFrame, Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {}
export interface TextAreaFieldProps extends FieldFrame, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {}
export interface SelectFieldProps extends FieldFrame, Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {}

/** The label, hint and error around a control, and the attributes that tie them to it. */
function frame({ id, error, hint }: FieldFrame, describedBy: string | undefined) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const ids = [describedBy, hint ? hintId : undefined, error ? errorId : undefined].filter(Boolean).join(' ');
  return {
    control: { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': ids || undefined },
    after: (
      <>
        {hint && (
          <span id={hintId} className="field-hint">
            {hint}
          </span>
        )}
        {error && (
          <span id={errorId} className="field-error" role="alert">
            {error}
          </span>
        )}
      </>
    ),
  };
}

function Frame({ id, label, wide, children }: { id: string; label: ReactNode; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'field field--wide' : 'field'}>
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}

/**
 * A labelled input whose hint and error are announced and tied to it (aria-describedby); the `.field` styles are
 * in field.css (loaded by theme.css). Both apps use it (shop login, register, contact form, delivery form; admin
 * login and product form).
 */
export function FormField({ id, label, error, hint, wide, 'aria-describedby': describedBy, ...input }: FormFieldProps) {
  const { control, after } = frame({ id, label, error, hint }, describedBy);
  return (
    <Frame id={id} label={label} wide={wide}>
      <input name={id} {...input} {...control} />
      {after}
    </Frame>
  );
}

/** FormField for a longer text (a message, an address, a description). */
export function TextAreaField({ id, label, error, hint, wide, 'aria-describedby': describedBy, ...textarea }: TextAreaFieldProps) {
  const { control, after } = frame({ id, label, error, hint }, describedBy);
  return (
    <Frame id={id} label={label} wide={wide}>
      <textarea name={id} {...textarea} {...control} />
      {after}
    </Frame>
  );
}

/** FormField for a choice from a list; the options are its children. */
export function SelectField({ id, label, error, hint, wide, 'aria-describedby': describedBy, children, ...select }: SelectFieldProps) {
  const { control, after } = frame({ id, label, error, hint }, describedBy);
  return (
    <Frame id={id} label={label} wide={wide}>
      <select name={id} {...select} {...control}>
        {children}
      </select>
      {after}
    </Frame>
  );
}

/**
 * A form's text fields kept in one state, and `field(name)`: the value, error and onChange to spread on the name's
 * FormField or TextAreaField (`<FormField id="email" label="Email" {...field('email')} />`), so a form does not write
 * `value={email} onChange={(e) => setEmail(e.target.value)} error={errors.email}` for each of its fields.
 */
export function useTextFields<Name extends string>(initial: Record<Name, string>, errors: Partial<Record<Name, string>> = {}) {
  const [values, setValues] = useState(initial);
  const field = (name: Name) => ({
    value: values[name],
    error: errors[name],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });
  return { values, field };
}
