import { screen, within } from '@testing-library/react';
import type { User } from '@shop/domain/schemas/users';
import { renderApp } from '../../testing/render-app';
import { makeUser } from '../../testing/fixtures';
import { api, fail, http, ok, server } from '../../testing/server';
import { openListTable } from '../../testing/tables';

it('lists users with the spec columns and a status dropdown', async () => {
  const u = makeUser({ email: 'meera@example.in', name: 'Meera', phone: '+919811111111' });
  server.use(http.get(api('users/all-users'), () => ok({ users: [u] })));
  const { table } = await openListTable('/admin/users', 'Users', ['Index', 'Email', 'Username', 'Phone', 'Joined Date', 'Status']);
  expect(within(table).getByRole('link', { name: 'meera@example.in' })).toHaveAttribute('href', '/admin/users/meera%40example.in');
  const select = within(table).getByRole('combobox', { name: 'Status of meera@example.in' });
  expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['active', 'inactive', 'Delete']);
  expect(within(table).getByText('5/3/2026')).toBeInTheDocument();
});

it('deactivates a user', async () => {
  const u = makeUser();
  let body: unknown;
  server.use(
    http.get(api('users/all-users'), () => ok({ users: [u] })),
    http.put(api(`users/status/${u._id}`), async ({ request }) => {
      body = await request.json();
      return ok({ message: 'ok' });
    }),
  );
  const { user } = renderApp('/admin/users');
  const select = await screen.findByRole('combobox', { name: `Status of ${u.email}` });
  await user.selectOptions(select, 'inactive');
  expect(await screen.findByText('User status updated successfully')).toBeInTheDocument();
  expect(body).toEqual({ status: 'inactive' });
  expect(select).toHaveValue('inactive');
});

it('deletes a user after asking', async () => {
  let users: User[] = [makeUser()];
  const u = users[0]!;
  server.use(
    http.get(api('users/all-users'), () => ok({ users })),
    http.delete(api(`users/${u._id}`), () => {
      users = [];
      return ok({ message: 'deleted' });
    }),
  );
  const { user } = renderApp('/admin/users');
  await user.selectOptions(await screen.findByRole('combobox', { name: `Status of ${u.email}` }), 'Delete');
  await user.click(within(screen.getByRole('dialog', { name: 'Delete user' })).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('user deleted successfully')).toBeInTheDocument();
  expect(await screen.findByText('No Data Found')).toBeInTheDocument();
});

it('keeps a user when the delete is cancelled', async () => {
  const u = makeUser();
  server.use(http.get(api('users/all-users'), () => ok({ users: [u] })));
  const { user } = renderApp('/admin/users');
  const select = await screen.findByRole('combobox', { name: `Status of ${u.email}` });
  await user.selectOptions(select, 'Delete');
  await user.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(select).toHaveValue('active');
});

it('shows the server message when a status change is refused', async () => {
  const u = makeUser();
  server.use(
    http.get(api('users/all-users'), () => ok({ users: [u] })),
    http.put(api(`users/status/${u._id}`), () => fail(403, 'Admins only')),
  );
  const { user } = renderApp('/admin/users');
  await user.selectOptions(await screen.findByRole('combobox', { name: `Status of ${u.email}` }), 'inactive');
  expect(await screen.findByText('Admins only')).toBeInTheDocument();
});

it('shows one user as a read-only form', async () => {
  const u = makeUser({ email: 'meera@example.in', name: 'Meera', address: '12 Farm Road' });
  server.use(http.get(api('users/admin-get-user/meera%40example.in'), () => ok({ user: u })));
  renderApp('/admin/users/meera%40example.in');
  const form = await screen.findByRole('form', { name: 'User details' });
  expect(within(form).getByLabelText('Email')).toHaveValue('meera@example.in');
  expect(within(form).getByLabelText('Name')).toHaveValue('Meera');
  expect(within(form).getByLabelText('Address')).toHaveValue('12 Farm Road');
  expect(within(form).getByLabelText('Joined Date')).toHaveValue('5/3/2026');
  for (const input of within(form).getAllByRole('textbox')) expect(input).toHaveAttribute('readonly');
});
