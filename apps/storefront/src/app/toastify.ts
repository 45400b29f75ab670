/**
 * react-toastify as every module of the app sees it (vite.config.ts resolves 'react-toastify' here, except from this
 * file): the library itself, and the word that a toast is wanted, so the container is mounted (toasts-wanted.ts).
 */
import { wantToasts } from './toasts-wanted';

export * from 'react-toastify';

wantToasts();
