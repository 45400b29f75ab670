import { useId } from 'react';
import { FormField, TextAreaField } from '@shop/ui/form-field';
import './read-only-field.css';

/** One labelled, read-only value of a detail form (order and user details, SPEC 2). */
export function ReadOnlyField({ label, value, rows }: { label: string; value?: string; rows?: number }) {
  const id = useId();
  return rows ? (
    <TextAreaField id={id} label={label} value={value ?? ''} rows={rows} readOnly wide />
  ) : (
    <FormField id={id} label={label} value={value ?? ''} readOnly />
  );
}
