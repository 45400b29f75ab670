import type { HTMLAttributes } from 'react';

/** ok green, wait gold, info blue, bad red, alert orange, plain sand; sold-out is the solid red of a product card. */
export type BadgeTone = 'ok' | 'wait' | 'info' | 'bad' | 'alert' | 'plain' | 'sold-out';

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: BadgeTone;
}

/** A small coloured label (styles in badge.css, loaded by theme.css). The text says what it means; the colour only helps. */
export function Badge({ tone = 'plain', className, ...span }: BadgeProps) {
  return <span className={['badge', `badge--${tone}`, className].filter(Boolean).join(' ')} {...span} />;
}
