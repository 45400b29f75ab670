import { sessionApi } from '../../../store/session-api';
import { http, HttpResponse } from 'msw';
import { screen, waitFor } from '@testing-library/react';
import type { User } from '@shop/domain/schemas/users';
import { customer } from '../../../testing/fixtures';
import { renderApp, signedIn } from '../../../testing/render-app';
import { apiPath, fail, server } from '../../../testing/server';

function profileHandlers(user: User = customer) {
  const saved: unknown[] = [];
  server.use(
    http.get(apiPath('users/get-user'), () => HttpResponse.json({ user })),
    http.get(apiPath('users/profile'), () => HttpResponse.json({ user })),
    http.put(apiPath('users/profile'), async ({ request }) => {
      const body = (await request.json()) as Partial<User>;
      saved.push(body);
      return HttpResponse.json({ user: { ...user, ...body, email: user.email }, message: 'Profile updated successfully' });
    }),
  );
  return saved;
}

describe('profile page', () => {
  it('shows the form: name, read-only email, phone and a 5-row address; Update starts disabled', async () => {
    profileHandlers();
    renderApp('/profile', { preloadedState: signedIn(customer) });
    expect(await screen.findByLabelText('Name')).toHaveValue(customer.name);
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Email')).toHaveValue(customer.email);
    expect(screen.getByLabelText('Phone')).toHaveValue('+91 98000-00000');
    expect(screen.getByLabelText('Address')).toHaveAttribute('rows', '5');
    expect(screen.getByRole('button', { name: 'Update' })).toBeDisabled();
    expect(document.title).toBe('Profile | Shuddh Farm');
  });

  it('enables Update after a change, saves, shows the message and is pristine again', async () => {
    const saved = profileHandlers();
    const { user, store } = renderApp('/profile', { preloadedState: signedIn(customer) });
    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Asha R');
    expect(screen.getByRole('button', { name: 'Update' })).toBeEnabled();
    await user.clear(screen.getByLabelText('Address'));
    await user.type(screen.getByLabelText('Address'), 'New Farm Road');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(saved).toEqual([{ name: 'Asha R', email: customer.email, phone: customer.phone, address: 'New Farm Road' }]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Update' })).toBeDisabled());
    expect(sessionApi.endpoints.currentUser.select()(store.getState()).data?.name).toBe('Asha R');
  });

  it('goes back to pristine when an edit is undone', async () => {
    profileHandlers();
    const { user } = renderApp('/profile', { preloadedState: signedIn(customer) });
    const name = await screen.findByLabelText('Name');
    await user.type(name, 'x');
    expect(screen.getByRole('button', { name: 'Update' })).toBeEnabled();
    await user.type(name, '{Backspace}');
    expect(screen.getByRole('button', { name: 'Update' })).toBeDisabled();
  });

  it('defaults the phone to India and saves the number with its code', async () => {
    const saved = profileHandlers({ ...customer, phone: '' });
    const { user } = renderApp('/profile', { preloadedState: signedIn({ ...customer, phone: '' }) });
    const phone = await screen.findByLabelText('Phone');
    expect(phone).toHaveValue('+91');
    expect(screen.getByRole('button', { name: 'Update' })).toBeDisabled();
    await user.type(phone, '9812345678');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await screen.findByText('Profile updated successfully');
    expect(saved).toEqual([expect.objectContaining({ phone: '+91 98123 45678' })]);
  });

  it.each(['9822012345', '+91 98220 12345', '098220 12345'])('takes %j pasted over the whole number as that number', async (pasted) => {
    const saved = profileHandlers();
    const { user } = renderApp('/profile', { preloadedState: signedIn(customer) });
    const phone = await screen.findByLabelText<HTMLInputElement>('Phone');
    expect(phone).toHaveValue('+91 98000-00000');
    await user.click(phone);
    phone.setSelectionRange(0, phone.value.length);
    await user.paste(pasted);
    expect(phone).toHaveValue('+91 98220-12345');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await screen.findByText('Profile updated successfully');
    expect(saved).toEqual([expect.objectContaining({ phone: '+91 98220 12345' })]);
  });

  it('puts a pasted piece of a number where the caret is, after the +91', async () => {
    profileHandlers({ ...customer, phone: '' });
    const { user } = renderApp('/profile', { preloadedState: signedIn({ ...customer, phone: '' }) });
    const phone = await screen.findByLabelText<HTMLInputElement>('Phone');
    await user.type(phone, '98');
    phone.setSelectionRange(0, phone.value.length);
    await user.paste('98220');
    expect(phone).toHaveValue('+91 98220');
  });

  it("keeps the loader and shows the server's message when the profile cannot be loaded", async () => {
    server.use(http.get(apiPath('users/profile'), () => fail(500, 'Database is napping')));
    renderApp('/profile', { preloadedState: signedIn(customer) });
    expect(await screen.findByText('Database is napping')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
  });

  it("shows the server's message when saving fails and keeps Update enabled", async () => {
    profileHandlers();
    server.use(http.put(apiPath('users/profile'), () => fail(400, 'phone must match pattern')));
    const { user } = renderApp('/profile', { preloadedState: signedIn(customer) });
    await user.type(await screen.findByLabelText('Address'), ' 2');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('phone must match pattern')).toBeInTheDocument();
    // The toast can come a render before the request's pending flag clears.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Update' })).toBeEnabled());
  });

  it('offers Profile and Orders as a two-tab switch', async () => {
    profileHandlers();
    renderApp('/profile', { preloadedState: signedIn(customer) });
    const tabs = await screen.findByRole('navigation', { name: 'Account' });
    expect(tabs).toHaveTextContent('ProfileOrders');
  });
});
