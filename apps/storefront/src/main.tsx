import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { persistStore } from 'redux-persist';
import '@fontsource/nunito-sans/latin-400.css';
import '@fontsource/nunito-sans/latin-700.css';
import '@fontsource/playfair-display/latin-700.css';
import '@shop/ui/theme.css';
import { AppProvider } from './app/provider';
import { AppRoutes } from './app/router';
import { makeStore } from './store/store';

const store = makeStore();
const root = createRoot(document.getElementById('root')!);

// Local storage is read synchronously, so this waits a tick at most (no PersistGate needed).
persistStore(store, null, () => {
  root.render(
    <StrictMode>
      <AppProvider store={store}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProvider>
    </StrictMode>,
  );
});
