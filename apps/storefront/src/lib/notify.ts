import type { ToastOptions } from 'react-toastify';

/*
 * react-toastify is loaded on first use (and by the lazily mounted container), so it stays out of the
 * entry chunk. Toasts raised before the container is mounted are queued by the library.
 */
const toastModule = () => import('react-toastify');

/**
 * Error toasts carry the server's message. The message doubles as the toast id, so one failure seen by
 * several queries at once (the shop is unreachable) shows a single toast.
 */
export function notifyError(message: string, options: ToastOptions = {}): void {
  void toastModule().then(({ toast }) => toast.error(message, { toastId: `error:${message}`, ...options }));
}

export function notifySuccess(message: string, options: ToastOptions = {}): void {
  void toastModule().then(({ toast }) => toast.success(message, { toastId: `success:${message}`, ...options }));
}
