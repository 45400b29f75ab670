import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { persistStore } from 'redux-persist';
import '@fontsource/nunito-sans/latin-400.css';
import '@fontsource/nunito-sans/latin-700.css';
import '@fontsource/playfair-display/latin-700.css';
import '@shop/ui/theme.css';
import { AppProvider } from './app/provider';
import { AppRoutes } from './app/router';
import { hydrateFromServer } from './lib/api';
import { makeStore } from './store/store';

const store = makeStore();
const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <AppProvider store={store}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  </StrictMode>
);

// The server drew the page (entry-server.tsx) and sent the data it used: the browser takes the page over as it is,
// drawn as the server drew it (signed out, empty cart), and only then restores the saved cart, currency and session.
const serverState = document.getElementById('shop-state');
if (serverState?.textContent) {
  store.dispatch(hydrateFromServer(JSON.parse(serverState.textContent) as Record<string, unknown>));
  hydrateRoot(container, app);
  persistStore(store);
} else {
  // Local storage is read synchronously, so this waits a tick at most (no PersistGate needed).
  persistStore(store, null, () => createRoot(container).render(app));
}
