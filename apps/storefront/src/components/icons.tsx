/** Small inline icons (no icon font, no request). Decorative: the control around them carries the name. */
import type { ReactNode } from 'react';

export function Icon({ children, size = 22 }: { children: ReactNode; size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false" className="icon">
      {children}
    </svg>
  );
}

export const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 1.9, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

export const CartIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path {...stroke} d="M3 4h2.2l2.1 10.2a1.6 1.6 0 0 0 1.6 1.3h8.4a1.6 1.6 0 0 0 1.6-1.2L20.5 8H6.1" />
    <circle cx="9.5" cy="19.5" r="1.4" fill="currentColor" />
    <circle cx="17" cy="19.5" r="1.4" fill="currentColor" />
  </Icon>
);
export const UserIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <circle {...stroke} cx="12" cy="8" r="4" />
    <path {...stroke} d="M4 20.5c1.4-3.6 4.4-5.5 8-5.5s6.6 1.9 8 5.5" />
  </Icon>
);
export const MenuIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path {...stroke} d="M4 7h16M4 12h16M4 17h16" />
  </Icon>
);
export const SearchIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <circle {...stroke} cx="11" cy="11" r="6.5" />
    <path {...stroke} d="M16 16l4.5 4.5" />
  </Icon>
);
export const HomeIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path {...stroke} d="M4 11l8-6.5 8 6.5M6.5 9.5V20h11V9.5" />
  </Icon>
);
export const ShopIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path {...stroke} d="M4 9l1.5-5h13L20 9M4 9h16v2a3 3 0 0 1-5.3 1.9A3 3 0 0 1 12 14a3 3 0 0 1-2.7-1.1A3 3 0 0 1 4 11zM5.5 13.5V20h13v-6.5" />
  </Icon>
);
