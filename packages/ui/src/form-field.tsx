import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';

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
