import { createContext, useContext } from 'react';

/** The shop's public origin for absolute URLs drawn in a page; the server render provides it (there is no window). */
export const SiteOrigin = createContext<string>('');

export function useSiteOrigin(): string {
  return useContext(SiteOrigin) || window.location.origin;
}
