/** The panel's ways of telling the admin something: toasts (bottom centre) and the spec's alerts. */
import { toast } from 'react-toastify';

export function notifySuccess(message: string): void {
  toast.success(message);
}

export function notifyError(message: string): void {
  toast.error(message);
}

/** A blocking browser alert, used where the spec asks for one. */
export function alertUser(message: string): void {
  window.alert(message);
}
