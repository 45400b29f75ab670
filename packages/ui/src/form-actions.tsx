import { Button, type ButtonVariant } from './button.js';

export interface FormActionsProps {
  /** The row's class: each app lays it out its own way (admin `.form-actions`, shop `.after-sales-dialog__actions`). */
  className: string;
  onCancel: () => void;
  cancelLabel?: string;
  /** The submit button's words, and what it says while the form is being sent (`busy`). */
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  /** Holds the submit button for another reason than sending (photos still being read). */
  disabled?: boolean;
  variant?: ButtonVariant;
}

/** An overlay form's last row: a way out, then the submit button, which waits while the form is sent. */
export function FormActions({ className, onCancel, cancelLabel = 'Cancel', submitLabel, busyLabel, busy, disabled = false, variant }: FormActionsProps) {
  return (
    <div className={className}>
      <Button variant="outline" onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button type="submit" variant={variant} disabled={busy || disabled}>
        {busy ? busyLabel : submitLabel}
      </Button>
    </div>
  );
}
