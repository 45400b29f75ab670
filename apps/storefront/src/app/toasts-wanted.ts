/**
 * Whether the page has asked for a toast yet. react-toastify (9 kB) loads only with the first toast
 * (@shop/app-kit/notify imports it then); app/toastify.ts, which the build puts in its place (vite.config.ts),
 * says so here, and the provider then mounts the toast container, which shows the toasts the library queued.
 */
let wanted = false;
const listeners = new Set<() => void>();

export const toastsWanted = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  get: () => wanted,
};

export function wantToasts(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}
