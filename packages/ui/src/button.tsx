import type { ButtonHTMLAttributes } from 'react';

export type ButtonVariant = 'primary' | 'outline' | 'gold' | 'danger';

export interface ButtonLook {
  variant?: ButtonVariant;
  /** The smaller button of tables and toolbars. */
  small?: boolean;
  /** As wide as its container (sign-in forms). */
  block?: boolean;
}

/**
 * The class names of a button's look, for a link that looks like a button
 * (`<Link className={buttonClass({ variant: 'outline' })}>`). The styles are in button.css, loaded by theme.css.
 */
export function buttonClass({ variant = 'primary', small = false, block = false }: ButtonLook = {}, extra?: string): string {
  return ['btn', `btn-${variant}`, small && 'btn-sm', block && 'btn-block', extra].filter(Boolean).join(' ');
}

export interface ButtonProps extends ButtonLook, ButtonHTMLAttributes<HTMLButtonElement> {}

/** A button of both apps; `type` defaults to "button" so a button inside a form submits only when asked to. */
export function Button({ variant, small, block, className, type = 'button', ...button }: ButtonProps) {
  return <button type={type} className={buttonClass({ variant, small, block }, className)} {...button} />;
}
