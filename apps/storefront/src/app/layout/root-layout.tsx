import { Suspense, useEffect, useMemo } from 'react';
import { markAppStarted } from '@shop/app-kit/app-started';
import { Outlet, useLocation } from 'react-router';
import { LogoLoader } from '@shop/ui/logo-loader';
import { config } from '../../config';
import { useExchangeRatesQuery } from '../../store/session-api';
import { useSignedIn } from '../../store/session';
// The frame's styles first: the header's and tab bar's own files (imported by them below) refine it.
import './layout.css';
import { RouteErrorBoundary } from '../routes/route-error-boundary';
import { ChatLink } from './chat-link';
import { Header } from './header';
import { ScrollToTop } from './scroll-to-top';
import { TabBar } from './tab-bar';
// The footer's chunk loads when it comes near (deferred-parts.tsx); its styles come with the frame, so a drawn footer
// is styled without its JS and a late one is never painted unstyled.
import './footer.css';
import { DeferredFooter } from '../deferred-parts';

/**
 * Every public page: header, the page, footer, tab bar and chat link. On start the current user is fetched when a
 * token exists (the header's account menu asks for it); the pages that depend on it wait (routes/guards.tsx).
 */
export function RootLayout() {
  useSignedIn();
  useExchangeRatesQuery();
  const { pathname } = useLocation();
  // The page, made once per address: this layout re-renders when the saved session is restored, right after the
  // app takes a server-drawn page over. A new element would reach the page's Suspense boundary while its chunk is
  // still on the way, and React would throw the drawn page away and show the loader instead of hydrating it.
  const page = useMemo(
    () => (
      <RouteErrorBoundary resetKey={pathname}>
        <Suspense fallback={<LogoLoader title={config.brand} />}>
          <Outlet />
          <PageStarted />
        </Suspense>
      </RouteErrorBoundary>
    ),
    [pathname],
  );

  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <ScrollToTop />
      <Header />
      <main id="main" className="app__main" tabIndex={-1}>
        {page}
      </main>
      <DeferredFooter fallback={null} />
      <TabBar />
      <ChatLink />
    </div>
  );
}

/**
 * Marks the app started (app-kit's app-started) once the page's own part has been taken over: its effect runs when the
 * page's Suspense boundary commits, that is after the page's chunk has arrived and its server-drawn markup is
 * hydrated. hydrateRoot alone only schedules that, and a click on a part still waiting for its chunk can be lost.
 */
function PageStarted() {
  useEffect(() => markAppStarted(), []);
  return null;
}
