/**
 * The apps' ways of telling someone something: toasts and, where the spec asks for one, a browser alert.
 * react-toastify is loaded on first use, so it stays out of an app's entry chunk; toasts raised before the
 * container is mounted (an app may mount it only once `firstToast` says so) are queued by the library.
 */
import type { ToastOptions } from 'react-toastify';

let toastRaised = false;
const firstToastListeners = new Set<() => void>();

/**
 * Whether a toast has been raised yet, for `useSyncExternalStore`: an app can mount its toast container (and so
 * load react-toastify) only then, and a visit without a toast loads neither.
 */
export const firstToast = {
  subscribe(listener: () => void): () => void {
    firstToastListeners.add(listener);
    return () => void firstToastListeners.delete(listener);
  },
  raised: (): boolean => toastRaised,
};

const toastModule = () => {
  if (!toastRaised) {
    toastRaised = true;
    for (const listener of firstToastListeners) listener();
  }
  return import('react-toastify');
};

/** The error toasts raised so far, so that a success can take them away. */
const errorToastIds = new Set<ToastOptions['toastId']>();

/**
 * An error toast with the server's message. The message doubles as the toast id, so one failure seen by several
 * queries at once (the shop is unreachable) shows a single toast.
 */
export function notifyError(message: string, options: ToastOptions = {}): void {
  const toastId = options.toastId ?? `error:${message}`;
  errorToastIds.add(toastId);
  void toastModule().then(({ toast }) => toast.error(message, { ...options, toastId }));
}

/**
 * Takes the error toasts still on screen away: after a success (a login that worked), earlier failures
 * ("Invalid credentials") are no longer true and only confuse.
 */
export function dismissErrors(): void {
  if (errorToastIds.size === 0) return;
  const ids = [...errorToastIds];
  errorToastIds.clear();
  void toastModule().then(({ toast }) => {
    for (const id of ids) toast.dismiss(id);
  });
}

/** A success toast. */
export function notifySuccess(message: string, options: ToastOptions = {}): void {
  void toastModule().then(({ toast }) => toast.success(message, { toastId: `success:${message}`, ...options }));
}

/** A blocking browser alert, used only where the spec asks for one. */
export function alertUser(message: string): void {
  window.alert(message);
}
