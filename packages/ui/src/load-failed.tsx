import { useState } from 'react';
import './load-failed.css';

export interface LoadFailedProps {
  /** What could not be loaded, for the heading: "this product", "the products". */
  what: string;
  /** The server's message (or the network error), shown under the heading. */
  message?: string;
  onRetry: () => void;
  /** A load is under way: once the shopper has asked for a retry, the button waits for it. */
  retrying?: boolean;
  /** The heading level: h1 when the failure stands for the whole page. */
  level?: 1 | 2;
}

/**
 * A load that failed for a reason other than "not there" (the shop unreachable, a 5xx): says so and offers a retry,
 * instead of an empty state that would tell a shopper the thing is gone.
 */
export function LoadFailed({ what, message, onRetry, retrying = false, level = 2 }: LoadFailedProps) {
  const Heading = level === 1 ? 'h1' : 'h2';
  // Only a retry the shopper asked for holds the button: a page drawn on the server (whose last pass may be asking
  // again) and its first render in the browser both show "Try again", so they match when the browser takes over.
  const [asked, setAsked] = useState(false);
  const waiting = asked && retrying;
  return (
    <div className="load-failed" role="alert">
      <Heading className="load-failed__title">We could not load {what}</Heading>
      <p className="load-failed__text">{message ? `${message}. ` : ''}Please check your connection and try again.</p>
      <button
        type="button"
        className="btn btn-primary"
        onClick={() => {
          setAsked(true);
          onRetry();
        }}
        disabled={waiting}
      >
        {waiting ? 'Trying again…' : 'Try again'}
      </button>
    </div>
  );
}
