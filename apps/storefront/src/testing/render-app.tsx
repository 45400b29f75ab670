/** Renders the real app (routes, layout, store) at a path, with the network answered by msw. */
import { render } from '@testing-library/react';
import type { User } from '@shop/domain/schemas/users';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { AppProvider } from '../app/provider';
import { AppRoutes } from '../app/router';
import { makeStore, type PreloadedState } from '../store/store';

export interface RenderAppOptions {
  preloadedState?: PreloadedState;
}

/** Exposes the current path to assertions (`screen.getByTestId('location')`). */
function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" hidden>
      {location.pathname + location.search}
    </output>
  );
}

export function renderApp(path = '/', { preloadedState }: RenderAppOptions = {}) {
  const store = makeStore(preloadedState);
  const user = userEvent.setup();
  const result = render(
    <AppProvider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </AppProvider>,
  );
  return { ...result, store, user };
}

export function signedIn(user: User, token = 'test-token'): PreloadedState {
  return { auth: { user, token } };
}
