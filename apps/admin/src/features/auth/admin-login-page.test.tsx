import { readStoredToken } from '@shop/app-kit/session';
import { TOKEN_KEY } from '../../config';
import { screen, waitFor } from '@testing-library/react';
import { renderApp } from '../../testing/render-app';
import { ADMIN, makeUser } from '../../testing/fixtures';
import { api, fail, http, HttpResponse, ok, server } from '../../testing/server';

async function fillAndSubmit(user: ReturnType<typeof renderApp>['user'], values: { email: string; password: string; secret: string }) {
  if (values.email) await user.type(screen.getByLabelText('Email'), values.email);
  if (values.password) await user.type(screen.getByLabelText('Password'), values.password);
  if (values.secret) await user.type(screen.getByLabelText('Secret key'), values.secret);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

function quietDashboard() {
  server.use(
    http.get(api('products/dashboard'), () => ok({ products_count: 0, products: [] })),
    http.get(api('users/dashboard'), () => ok({ users_count: 0, users: [] })),
    http.get(api('orders/dashboard'), () => ok({ orders_count: 0, orders: [], recent_orders: [] })),
    http.get(api('orders/all'), () => ok({ orders: [] })),
    http.get(api('slider'), () => ok({ sliders: [] })),
    http.get(api('home-tiles'), () => ok({ tiles: [] })),
    http.get(api('products'), () => ok({ products: [] })),
  );
}

it('checks the fields before calling the server: email, password of 8, secret key', async () => {
  const { user } = renderApp('/adminlogin', { user: null });
  await fillAndSubmit(user, { email: 'not-an-email', password: 'short', secret: '' });
  expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
  expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
  expect(screen.getByText('Secret key is required')).toBeInTheDocument();
  expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
});

it('logs an admin in with the secret key, keeps the token and opens the dashboard', async () => {
  let sent: unknown;
  server.use(
    http.post(api('auth/login'), async ({ request }) => {
      sent = await request.json();
      return ok({ user: ADMIN, token: 'admin-token' });
    }),
    http.get(api('users/get-user'), () => ok({ user: ADMIN })),
  );
  quietDashboard();
  const { user, router } = renderApp('/adminlogin', { user: null });
  await fillAndSubmit(user, { email: 'admin@shuddhfarm.in', password: 'farm-admin-2026', secret: 'demo-secret-key' });
  expect(await screen.findByText('Admin Login successfull')).toBeInTheDocument();
  expect(sent).toEqual({ email: 'admin@shuddhfarm.in', password: 'farm-admin-2026', secret_key: 'demo-secret-key' });
  await waitFor(() => expect(readStoredToken(TOKEN_KEY)).toBe('admin-token'));
  await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
});

it('takes the failed tries\' error toasts away once the login works', async () => {
  let tries = 0;
  server.use(
    http.post(api('auth/login'), () => {
      tries += 1;
      return tries === 1 ? fail(401, 'Invalid admin credentials') : ok({ user: ADMIN, token: 'admin-token' });
    }),
    http.get(api('users/get-user'), () => ok({ user: ADMIN })),
  );
  quietDashboard();
  const { user } = renderApp('/adminlogin', { user: null });
  await fillAndSubmit(user, { email: 'admin@shuddhfarm.in', password: 'farm-admin-2026', secret: 'wrong-key' });
  const shown = (text: string) => screen.queryByText(text)?.closest('.Toastify__toast')?.getAttribute('data-in') === 'true';
  await waitFor(() => expect(shown('Invalid admin credentials')).toBe(true));
  await user.clear(screen.getByLabelText('Secret key'));
  await fillAndSubmit(user, { email: '', password: '', secret: 'demo-secret-key' });
  expect(await screen.findByText('Admin Login successfull')).toBeInTheDocument();
  // Leaving (jsdom plays no exit animation, so the element stays, marked as going).
  await waitFor(() => expect(shown('Invalid admin credentials')).toBe(false));
  expect(shown('Admin Login successfull')).toBe(true);
});

it('refuses an account that is not an admin: alert, and the token is removed', async () => {
  const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
  window.localStorage.setItem(TOKEN_KEY, 'old-customer-token');
  server.use(
    http.get(api('users/get-user'), () => ok({ user: makeUser() })),
    http.post(api('auth/login'), () => ok({ user: makeUser(), token: 'customer-token' })),
  );
  const { user, router } = renderApp('/adminlogin', { user: null });
  await fillAndSubmit(user, { email: 'asha@example.in', password: 'password123', secret: 'guess' });
  await waitFor(() => expect(alert).toHaveBeenCalledWith('Please login with admin credentials'));
  await waitFor(() => expect(readStoredToken(TOKEN_KEY)).toBeNull());
  expect(router.state.location.pathname).toBe('/adminlogin');
});

it('shows the server message when the login is refused', async () => {
  const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
  server.use(http.post(api('auth/login'), () => fail(401, 'Invalid admin credentials')));
  const { user } = renderApp('/adminlogin', { user: null });
  await fillAndSubmit(user, { email: 'admin@shuddhfarm.in', password: 'password123', secret: 'wrong-key' });
  expect(await screen.findByText('Invalid admin credentials')).toBeInTheDocument();
  expect(alert).not.toHaveBeenCalled();
  await waitFor(() => expect(readStoredToken(TOKEN_KEY)).toBeNull());
});

it('refuses a customer the server turns away (403): server message and the admin-credentials alert', async () => {
  const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
  window.localStorage.setItem(TOKEN_KEY, 'customer-token');
  server.use(
    http.get(api('users/get-user'), () => ok({ user: makeUser() })),
    http.post(api('auth/login'), () => fail(403, 'Only admins can log in here, please use the shop login')),
  );
  const { user } = renderApp('/adminlogin', { user: null });
  await fillAndSubmit(user, { email: 'asha@example.in', password: 'password123', secret: 'demo-secret-key' });
  expect(await screen.findByText('Only admins can log in here, please use the shop login')).toBeInTheDocument();
  expect(alert).toHaveBeenCalledWith('Please login with admin credentials');
  await waitFor(() => expect(readStoredToken(TOKEN_KEY)).toBeNull());
});

it('sends a signed-in admin straight to the dashboard', async () => {
  quietDashboard();
  const { router } = renderApp('/adminlogin');
  await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
});

it('does not call the server while the form is invalid', async () => {
  const calls: string[] = [];
  server.use(http.post(api('auth/login'), ({ request }) => (calls.push(request.url), HttpResponse.json({}))));
  const { user } = renderApp('/adminlogin', { user: null });
  await fillAndSubmit(user, { email: 'admin@shuddhfarm.in', password: 'farm-admin-2026', secret: '' });
  expect(calls).toEqual([]);
});
