import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import './overlay.css';

export interface OverlayProps {
  /** Whether the overlay is shown; when false nothing is rendered. */
  open: boolean;
  /** Called on Escape, on the close button and on a click on the backdrop. */
  onClose: () => void;
  /** The visible heading, also the dialog's accessible name. */
  title: ReactNode;
  children: ReactNode;
  /** `dialog` is a centred panel; `drawer` slides in from the left edge (menus). */
  variant?: 'dialog' | 'drawer';
  /** Wider panel for long forms. */
  size?: 'md' | 'lg';
  /** Label of the close button, for screen readers. */
  closeLabel?: string;
}

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.hasAttribute('inert'));
}

/**
 * An accessible modal: labelled by its title, focus moves in and is trapped while open,
 * Escape and the backdrop close it, and focus returns to where it was when it closes.
 * The page behind does not scroll while it is open.
 */
export function Overlay({
  open,
  onClose,
  title,
  children,
  variant = 'dialog',
  size = 'md',
  closeLabel = 'Close',
}: OverlayProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    // Focus the first field (or the close button) so keyboard users start inside.
    const first = panel ? (focusables(panel).find((el) => !el.classList.contains('overlay__close')) ?? focusables(panel)[0]) : null;
    (first ?? panel)?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab' || !panel) return;
      const items = focusables(panel);
      if (items.length === 0) {
        event.preventDefault();
        return;
      }
      const firstItem = items[0]!;
      const lastItem = items[items.length - 1]!;
      const active = document.activeElement;
      if (event.shiftKey && (active === firstItem || !panel.contains(active))) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && (active === lastItem || !panel.contains(active))) {
        event.preventDefault();
        firstItem.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      document.body.style.overflow = overflow;
      previous?.focus();
    };
  }, [open]);

  if (!open) return null;
  return createPortal(
    <div className={`overlay overlay--${variant}`}>
      <div className="overlay__backdrop" onClick={() => onCloseRef.current()} aria-hidden="true" />
      <div
        ref={panelRef}
        className={`overlay__panel overlay__panel--${size}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <div className="overlay__head">
          <h2 id={titleId} className="overlay__title">
            {title}
          </h2>
          <button type="button" className="overlay__close" onClick={() => onCloseRef.current()} aria-label={closeLabel}>
            <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
              <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <div className="overlay__body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
