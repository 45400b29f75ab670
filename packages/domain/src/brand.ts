/**
 * The shop's name. BRAND_NAME sets it for the server (mails, invoices, the API document, page titles drawn on the
 * server) and for both app builds (their vite.config.ts hands it to the apps and to index.html); this is the default.
 */
export const DEFAULT_BRAND_NAME = 'Shuddh Farm';

/** BRAND_NAME from an environment, trimmed; the default when it is unset or blank. */
export function brandName(env: { BRAND_NAME?: string | undefined }): string {
  return env.BRAND_NAME?.trim() || DEFAULT_BRAND_NAME;
}
