import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import '@fontsource/nunito-sans/latin-400.css';
import '@fontsource/nunito-sans/latin-700.css';
import '@fontsource/playfair-display/latin-700.css';
import '@shop/ui/theme.css';
import { AppProvider } from './app/provider';
import { AppRoutes } from './app/router';
import { hydrateFromServer } from './lib/api';
import { makeStore, type RootState } from './store/store';
import { restoreSavedState } from './store/saved-state';

const store = makeStore();
const container = document.getElementById('root')!;
const app = (serverState?: RootState) => (
  <StrictMode>
    <AppProvider store={store} serverState={serverState}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  </StrictMode>
);

// redux-persist, which writes the cart, currency and session on every change: a chunk of its own, loaded once the
// page is the app's, so it adds nothing to the first load. Its fetch starts now, beside the hydration.
const keeper = import('./store/keep-saved');

// The server drew the page (entry-server.tsx) and sent the data it used: the browser takes the page over as the
// server drew it (signed out, empty cart, rupees: the state every component reads while hydrating), then restores
// the saved cart, currency and session at once and draws them.
const drawn = document.getElementById('shop-state');
if (drawn?.textContent) {
  store.dispatch(hydrateFromServer(JSON.parse(drawn.textContent) as Record<string, unknown>));
  hydrateRoot(container, app(store.getState()));
  restoreSavedState(store);
} else {
  // No server drawing (the dev server): the first render already shows the saved state.
  restoreSavedState(store);
  createRoot(container).render(app());
}
void keeper.then(({ keepShopSaved }) => keepShopSaved(store));
