import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { User } from '@shop/domain/schemas/users';
import { AppProvider } from '../app/provider';
import { routes } from '../app/router';
import { makeStore } from '../lib/store';
import { TOKEN_KEY } from '../config';
import { ADMIN } from './fixtures';
import { api, http, ok, server } from './server';

export interface RenderAppOptions {
  /** The signed-in user (answer of users/get-user); null renders without a token. */
  user?: User | null;
  userEventOptions?: Parameters<typeof userEvent.setup>[0];
}

/** Renders the whole panel at `path` (relative to the basename) with a real store and router. */
export function renderApp(path: string, { user = ADMIN, userEventOptions }: RenderAppOptions = {}) {
  if (user) {
    window.localStorage.setItem(TOKEN_KEY, `token-of-${user.email}`);
    server.use(http.get(api('users/get-user'), () => ok({ user })));
  }
  const store = makeStore();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const events = userEvent.setup(userEventOptions);
  const view = render(
    <AppProvider store={store}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, store, router, user: events };
}
