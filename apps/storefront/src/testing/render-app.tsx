/** Renders the real app (routes, layout, store) at a path, with the network answered by msw. */
import { render } from '@testing-library/react';
import type { User } from '@shop/domain/schemas/users';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation, useNavigationType } from 'react-router';
import { AppProvider } from '../app/provider';
import { AppRoutes } from '../app/router';
import { makeStore, type PreloadedState } from '../store/store';
import { apiPath, server } from './server';
import { http, HttpResponse } from 'msw';

export interface RenderAppOptions {
  preloadedState?: PreloadedState;
}

/**
 * Exposes the current path to assertions (`screen.getByTestId('location')`), and how it was reached (`data-navigation`:
 * POP, PUSH or REPLACE).
 */
function LocationProbe() {
  const location = useLocation();
  const navigation = useNavigationType();
  return (
    <output data-testid="location" data-navigation={navigation} hidden>
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

/**
 * A signed-in shopper: the token in the store, and the server answering users/get-user with `user` for it
 * (the user lives in the query cache, fetched on start like in the browser).
 */
export function signedIn(user: User, token = 'test-token'): PreloadedState {
  server.use(
    http.get(apiPath('users/get-user'), ({ request }) =>
      request.headers.get('authorization') === `Bearer ${token}`
        ? HttpResponse.json({ user })
        : HttpResponse.json({ message: 'Please log in' }, { status: 401 }),
    ),
  );
  return { auth: { token } };
}
