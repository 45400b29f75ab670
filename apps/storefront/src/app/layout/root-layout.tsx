import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LogoLoader } from '@shop/ui/logo-loader';
import { useExchangeRatesQuery } from '../../store/session-api';
import { useSignedIn } from '../../store/session';
import { RouteErrorBoundary } from '../routes/route-error-boundary';
import { ChatLink } from './chat-link';
import { Header } from './header';
import { ScrollToTop } from './scroll-to-top';
import { TabBar } from './tab-bar';
import './layout.css';

// Below the fold on every page: it follows the page's own chunk.
const Footer = lazy(() => import('./footer'));

/**
 * Every public page: header, the page, footer, tab bar and chat link. On start the current user is
 * fetched when a token exists; the loader ends either way.
 */
export function RootLayout() {
  const { isLoading: userLoading } = useSignedIn();
  useExchangeRatesQuery();
  const { pathname } = useLocation();

  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <ScrollToTop />
      <Header />
      <main id="main" className="app__main" tabIndex={-1}>
        {userLoading ? (
          <LogoLoader />
        ) : (
          <RouteErrorBoundary resetKey={pathname}>
            <Suspense fallback={<LogoLoader />}>
              <Outlet />
            </Suspense>
          </RouteErrorBoundary>
        )}
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      <TabBar />
      <ChatLink />
    </div>
  );
}
