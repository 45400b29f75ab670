/**
 * `<html data-app="started">` once the app has taken the page over: the admin once createRoot has been called; the shop
 * once the page's own part has hydrated (root-layout.tsx, PageStarted), since hydrateRoot only schedules that and a
 * click on a part whose chunk is still on the way can be lost. A server-drawn page is on screen before its JS arrives;
 * tests, and anything else that must act on the app, wait for this mark.
 */
export const APP_STARTED_SELECTOR = 'html[data-app="started"]';

export function markAppStarted(): void {
  document.documentElement.dataset.app = 'started';
}
