import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { firstToast } from '@shop/app-kit/notify';
import type { AppStore, RootState } from '../store/store';

const Toasts = lazy(() => import('./toasts'));

/**
 * The store and the toasts, whose container (and react-toastify) loads with the first toast (app-kit's notify).
 * `serverState`: the state the server drew the page with, which every component reads while it hydrates (a lazily
 * loaded part may hydrate after the saved cart, currency and session are restored), so hydration finds what the
 * server drew; React then draws the restored state.
 */
export function AppProvider({ store, serverState, children }: { store: AppStore; serverState?: RootState; children: ReactNode }) {
  const showToasts = useSyncExternalStore(firstToast.subscribe, firstToast.raised, () => false);
  return (
    <Provider store={store} serverState={serverState}>
      {children}
      {showToasts && (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      )}
    </Provider>
  );
}
