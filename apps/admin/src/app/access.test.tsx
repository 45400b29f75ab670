import { readStoredToken } from '@shop/app-kit/session';
import { TOKEN_KEY } from '../config';
import { screen, waitFor } from '@testing-library/react';
import { renderApp } from '../testing/render-app';
import { ADMIN, makeUser } from '../testing/fixtures';
import { serveEmptyDashboard } from '../testing/dashboard';
import { api, fail, http, ok, server } from '../testing/server';

const NO_ACCESS = 'Sorry, You dont have access to this page.';

it('refuses the admin area without a token, with a way to the admin login', async () => {
  renderApp('/admin', { user: null });
  expect(await screen.findByRole('heading', { name: NO_ACCESS })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Go to admin login' })).toHaveAttribute('href', '/adminlogin');
});

it('refuses the admin area to a signed-in customer', async () => {
  renderApp('/admin/orders', { user: makeUser({ role: 'user' }) });
  expect(await screen.findByRole('heading', { name: NO_ACCESS })).toBeInTheDocument();
  expect(screen.queryByText('ADMIN PANEL')).not.toBeInTheDocument();
});

it('forgets a token the server no longer accepts', async () => {
  window.localStorage.setItem(TOKEN_KEY, 'expired');
  server.use(http.get(api('users/get-user'), () => fail(401, 'Your session has expired, please log in again')));
  renderApp('/admin', { user: null });
  expect(await screen.findByRole('heading', { name: NO_ACCESS })).toBeInTheDocument();
  await waitFor(() => expect(readStoredToken(TOKEN_KEY)).toBeNull());
  expect(await screen.findByText('Your session has expired, please log in again')).toBeInTheDocument();
});

it('shows the admin layout to an admin: top bar, profile link, Logout and the six sections', async () => {
  serveEmptyDashboard();
  renderApp('/admin');
  expect(await screen.findByText('ADMIN PANEL')).toBeInTheDocument();
  const nav = screen.getByRole('navigation', { name: 'Admin sections' });
  for (const name of ['Dashboard', 'Orders', 'Users', 'Products', 'Categories', 'Blogs']) {
    expect(nav).toContainElement(screen.getAllByRole('link', { name })[0]!);
  }
  expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
});

it("opens the signed-in admin's own account from the top bar's profile link, inside the panel", async () => {
  serveEmptyDashboard();
  server.use(http.get(api(`users/admin-get-user/${encodeURIComponent(ADMIN.email)}`), () => ok({ user: ADMIN })));
  const { user, router } = renderApp('/admin');
  await user.click(await screen.findByRole('link', { name: 'Profile' }));
  expect(router.state.location.pathname).toBe(`/admin/users/${encodeURIComponent(ADMIN.email)}`);
  const form = await screen.findByRole('form', { name: 'User details' });
  expect(form).toHaveTextContent('Farm Admin');
  expect(screen.getByLabelText('Role')).toHaveValue('admin');
});

describe('sessions: the shop and the admin keep their own', () => {
  it('does not take a shop session for an admin one, and says so with a way to the admin login', async () => {
    // An admin signed in on the storefront (same origin) opens the panel.
    window.localStorage.setItem('persist:auth', JSON.stringify({ token: JSON.stringify('shop-token') }));
    let asked = false;
    server.use(http.get(api('users/get-user'), () => ((asked = true), ok({ user: ADMIN }))));
    renderApp('/admin', { user: null });
    expect(await screen.findByRole('heading', { name: NO_ACCESS })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to admin login' })).toBeInTheDocument();
    expect(asked).toBe(false);
  });

  it('signing out of the admin leaves the shop session alone', async () => {
    serveEmptyDashboard();
    window.localStorage.setItem('persist:auth', JSON.stringify({ token: JSON.stringify('shop-token') }));
    const { user } = renderApp('/admin');
    await waitFor(() => expect(readStoredToken(TOKEN_KEY)).toBe(`token-of-${ADMIN.email}`));
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(readStoredToken(TOKEN_KEY)).toBeNull());
    expect(window.localStorage.getItem('persist:auth')).toContain('shop-token');
  });
});

it('logs out: the token goes and the admin login opens', async () => {
  serveEmptyDashboard();
  const { user, router } = renderApp('/admin');
  await user.click(await screen.findByRole('button', { name: 'Logout' }));
  await waitFor(() => expect(readStoredToken(TOKEN_KEY)).toBeNull());
  expect(router.state.location.pathname).toBe('/adminlogin');
  expect(await screen.findByRole('heading', { name: 'Admin login' })).toBeInTheDocument();
});

it('opens the sections in an overlay menu on small screens', async () => {
  serveEmptyDashboard();
  const { user, router } = renderApp('/admin');
  await user.click(await screen.findByRole('button', { name: 'Open menu' }));
  const menu = screen.getByRole('dialog', { name: 'Menu' });
  expect(menu).toBeInTheDocument();
  server.use(http.get(api('users/all-users'), () => ok({ users: [] })));
  await user.click(screen.getAllByRole('link', { name: 'Users' }).at(-1)!);
  expect(router.state.location.pathname).toBe('/admin/users');
  expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
  expect(await screen.findByText('No Data Found')).toBeInTheDocument();
});

it('shows Not found for any other path, inside and outside the admin area', async () => {
  renderApp('/somewhere/else', { user: null });
  expect(await screen.findByRole('heading', { name: 'Not found' })).toBeInTheDocument();
});

it('shows Not found for an unknown admin page', async () => {
  renderApp('/admin/no-such-page');
  expect(await screen.findByRole('heading', { name: 'Not found' })).toBeInTheDocument();
  expect(screen.getByText('ADMIN PANEL')).toBeInTheDocument();
});
