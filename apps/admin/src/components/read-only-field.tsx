import { useId } from 'react';

/** One labelled, read-only value of a detail form (order and user details, SPEC 2). */
export function ReadOnlyField({ label, value, rows }: { label: string; value?: string; rows?: number }) {
  const id = useId();
  return (
    <div className={`field${rows ? ' field--wide' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {rows ? <textarea id={id} value={value ?? ''} rows={rows} readOnly /> : <input id={id} value={value ?? ''} readOnly />}
    </div>
  );
}
