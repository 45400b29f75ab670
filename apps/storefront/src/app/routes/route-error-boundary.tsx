import { Component, type ErrorInfo, type ReactNode } from 'react';
import { markAppStarted } from '@shop/app-kit/app-started';

interface State {
  failed: boolean;
}

/**
 * Catches a page that fails to render or to load (usually a new deploy replaced the chunk the browser
 * asked for) and offers a reload instead of a blank page. `resetKey` (the path) clears it on navigation.
 */
export class RouteErrorBoundary extends Component<{ resetKey: string; children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
    // The page will not start: its Reload button works now.
    markAppStarted();
  }

  override componentDidUpdate(prev: { resetKey: string }) {
    if (prev.resetKey !== this.props.resetKey && this.state.failed) this.setState({ failed: false });
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="container page empty-state" role="alert">
        <h1>Something went wrong</h1>
        <p>This page could not be shown.</p>
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Reload the page
        </button>
      </div>
    );
  }
}
