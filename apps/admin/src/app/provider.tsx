import { useState, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { ToastContainer } from 'react-toastify';
import { makeStore, type AppStore } from './store';

/** Store and toasts (bottom centre in the admin area, SPEC 9). */
export function AppProvider({ children, store }: { children: ReactNode; store?: AppStore }) {
  const [appStore] = useState(() => store ?? makeStore());
  return (
    <Provider store={appStore}>
      {children}
      <ToastContainer position="bottom-center" autoClose={5000} newestOnTop closeOnClick theme="colored" />
    </Provider>
  );
}
