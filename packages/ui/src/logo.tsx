/** The farm's mark: a ghee pot under a rising sun, drawn inline so it needs no request. */
export interface LogoProps {
  size?: number;
  /** The shop's name, its accessible name (each app's `config.brand`). */
  title: string;
}

export function Logo({ size = 40, title }: LogoProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" role="img" aria-label={title}>
      <circle cx="32" cy="32" r="31" fill="#3f5a2a" />
      <circle cx="32" cy="26" r="11" fill="#c8962b" />
      <path d="M14 40c0-4 4-6 18-6s18 2 18 6-4 12-18 12-18-8-18-12z" fill="#fbf7ee" />
      <path d="M20 34c2-2 6-3 12-3s10 1 12 3" stroke="#c8962b" strokeWidth="2.5" fill="none" strokeLinecap="round" />
      <path d="M22 44h20" stroke="#3f5a2a" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
