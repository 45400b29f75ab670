import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * A link followed inside the app (a slider, a saved link in the app) to a category or solution that has since been
 * renamed finds no match here; the server knows its new address (an old slug answers 301). So the page is asked
 * for again as a document, once: only after a move inside the app, never on the page the browser loaded (its
 * location's key is React Router's 'default'), so a slug the server does not know either is shown as it is
 * instead of loading again and again.
 */
export function useAskServerForOldAddress(known: boolean | undefined): void {
  const { key } = useLocation();
  useEffect(() => {
    if (known === false && key !== 'default') window.location.replace(window.location.href);
  }, [known, key]);
}
