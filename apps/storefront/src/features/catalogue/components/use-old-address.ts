import { useEffect } from 'react';
import { useNavigationType } from 'react-router';

/**
 * A link followed inside the app (a slider, a saved link in the app) to a category or solution that has since been
 * renamed finds no match here; the server knows its new address (an old slug answers 301). So the page is asked
 * for again as a document, once: only after a client-side move (PUSH or REPLACE), never on a document load (POP),
 * so a slug the server does not know either shows the page as it is instead of reloading again.
 */
export function useAskServerForOldAddress(known: boolean | undefined): void {
  const navigationType = useNavigationType();
  useEffect(() => {
    if (known === false && navigationType !== 'POP') window.location.replace(window.location.href);
  }, [known, navigationType]);
}
