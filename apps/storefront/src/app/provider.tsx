import { lazy, Suspense, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { AppStore } from '../store/store';

const Toasts = lazy(() => import('./toasts'));

/** The store and the toasts. main.tsx renders only once the persisted cart and token are restored. */
export function AppProvider({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      {children}
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
    </Provider>
  );
}
