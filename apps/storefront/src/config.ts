/**
 * The storefront's configuration: the only module that reads `import.meta.env`.
 * Every value has a default, so a plain `vite build` gives a working shop served next to its API.
 */
const env = import.meta.env;

/** A build-time setting, or its default. */
export function text(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback;
}

/** The API root; a relative path is resolved against the page so fetch always gets an absolute URL. */
function apiBaseUrl(): string {
  const raw = text(env.VITE_API_BASE_URL, '/api');
  if (typeof window === 'undefined') return raw;
  return new URL(raw, window.location.origin).toString().replace(/\/+$/, '');
}

/** The shop's name (BRAND_NAME at build time, set by vite.config.ts). */
const brand = env.VITE_BRAND_NAME as string;

export const config = {
  apiBaseUrl: apiBaseUrl(),
  brand,
  tagline: text(env.VITE_TAGLINE, 'Reviving tradition, nourishing generations'),
  site: {
    /** Where the floating chat image leads: a WhatsApp chat with the farm. */
    chatUrl: text(env.VITE_CHAT_URL, `https://wa.me/919876543210?text=${encodeURIComponent(`Hello ${brand}`)}`),
  },
  /** Razorpay's checkout script, loaded only when the server says the provider is razorpay. */
  razorpayScriptUrl: 'https://checkout.razorpay.com/v1/checkout.js',
} as const;

