import { useEffect, useState, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { ToastContainer } from 'react-toastify';
import '@shop/ui/toasts.css';
import { keepSaved } from '@shop/app-kit/saved-state';
import { savedToken } from '@shop/app-kit/session';
import { TOKEN_KEY } from '../config';
import { makeStore, type AppStore } from '../lib/store';

/** Store and toasts (bottom centre in the admin area, SPEC 9). */
export function AppProvider({ children, store }: { children: ReactNode; store?: AppStore }) {
  const [appStore] = useState(() => store ?? makeStore());
  // The admin session is saved under the admin's own key, never the storefront's.
  useEffect(() => keepSaved(appStore, [savedToken(TOKEN_KEY)]), [appStore]);
  return (
    <Provider store={appStore}>
      {children}
      <ToastContainer position="bottom-center" autoClose={5000} newestOnTop closeOnClick />
    </Provider>
  );
}
