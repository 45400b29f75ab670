import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import '@fontsource/nunito-sans/latin-400.css';
import '@fontsource/nunito-sans/latin-700.css';
import '@fontsource/nunito-sans/latin-800.css';
import '@fontsource/playfair-display/latin-700.css';
import '@shop/ui/theme.css';
import './app/admin.css';
import { config } from './config';
import { AppProvider } from './app/provider';
import { routes } from './app/router';
import { markAppStarted } from '@shop/app-kit/app-started';

const router = createBrowserRouter(routes, { basename: `/${config.adminPrefix}` });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
markAppStarted();
