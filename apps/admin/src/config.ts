/** Build-time configuration, read here and nowhere else. */
const env = import.meta.env;

function trimSlashes(value: string): string {
  return value.replace(/\/+$/, '');
}

export const config = {
  /** The shop's name (BRAND_NAME at build time, set by vite.config.ts). */
  brand: env.VITE_BRAND_NAME as string,
  /** The path segment the panel lives under: the router's basename and Vite's base. */
  adminPrefix: (env.VITE_ADMIN_PREFIX as string | undefined) || 'shuddh',
  /** The API root including /api; an absolute URL when the admin is hosted apart from the API. */
  apiBaseUrl: trimSlashes((env.VITE_API_BASE_URL as string | undefined) || '/api'),
  /** Where the storefront lives, for "view" links and the profile link; same origin by default. */
  storefrontUrl: trimSlashes((env.VITE_STOREFRONT_URL as string | undefined) || ''),
} as const;

/**
 * localStorage key of the admin session. It is not the storefront's: an admin session comes only from the admin
 * login with the secret key, so the two apps keep separate sessions on one origin as they must on two.
 */
export const TOKEN_KEY = 'admin:token';

/** A storefront page, e.g. storefrontHref('/category/ghee'). */
export function storefrontHref(path: string): string {
  return `${config.storefrontUrl}${path}`;
}

/**
 * An image URL from the API: server paths (/uploads/...) are relative to the API's host when the
 * admin is hosted elsewhere.
 */
export function assetHref(url: string | undefined): string | undefined {
  if (!url) return undefined;
  if (/^(https?:|data:|blob:)/.test(url)) return url;
  const api = config.apiBaseUrl;
  if (/^https?:\/\//.test(api)) return new URL(url, api).toString();
  return url;
}
