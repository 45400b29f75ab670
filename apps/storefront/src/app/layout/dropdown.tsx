/**
 * A disclosure menu: a button that opens a list of links. Keyboard: Enter/Space/ArrowDown open it,
 * arrows move between the links, Escape closes it and returns focus to the button.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Icon, stroke } from '../../components/icons';

/** The dropdown's chevron (here, not in icons.tsx: the entry chunk would carry it for the desktop menus' chunk). */
const ChevronDownIcon = ({ size = 16 }: { size?: number }) => (
  <Icon size={size}>
    <path {...stroke} d="M6 9l6 6 6-6" />
  </Icon>
);

export interface DropdownProps {
  label: ReactNode;
  /** The accessible name when the label is an icon. */
  ariaLabel?: string;
  className?: string;
  align?: 'start' | 'end';
  children: ReactNode;
}

export function Dropdown({ label, ariaLabel, className = '', align = 'start', children }: DropdownProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  useEffect(() => setOpen(false), [location.pathname]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const items = () => Array.from(root.current?.querySelectorAll<HTMLElement>('[data-menu-item]') ?? []);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
      button.current?.focus();
      return;
    }
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    if (!open) {
      setOpen(true);
      requestAnimationFrame(() => items()[0]?.focus());
      return;
    }
    const list = items();
    const current = list.indexOf(document.activeElement as HTMLElement);
    const next = e.key === 'ArrowDown' ? (current + 1) % list.length : (current - 1 + list.length) % list.length;
    list[next]?.focus();
  };

  return (
    <div
      ref={root}
      className={`dropdown ${open ? 'is-open' : ''} ${className}`}
      onKeyDown={onKeyDown}
      onClick={(e) => {
        if ((e.target as HTMLElement).closest('[data-menu-item]')) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className="nav-link dropdown__button"
        aria-expanded={open}
        aria-controls={id}
        aria-label={ariaLabel}
        onClick={() => setOpen((o) => !o)}
      >
        {label}
        <ChevronDownIcon />
      </button>
      <div id={id} className={`dropdown__panel dropdown__panel--${align}`} hidden={!open}>
        {children}
      </div>
    </div>
  );
}
