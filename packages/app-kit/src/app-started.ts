/**
 * `<html data-app="started">` once the app has taken the page over (hydrateRoot or createRoot has been called:
 * React listens for clicks from then on, and replays one on a part still hydrating). A server-drawn page is on
 * screen before its JS arrives; tests, and anything else that must act on the app, wait for this mark.
 */
export const APP_STARTED_SELECTOR = 'html[data-app="started"]';

export function markAppStarted(): void {
  document.documentElement.dataset.app = 'started';
}
