import { http, HttpResponse } from 'msw';
import { screen, within } from '@testing-library/react';
import type { User } from '@shop/domain/schemas/users';
import { cartDetailOf, customer, makeProduct } from '../../../testing/fixtures';
import { renderApp, signedIn } from '../../../testing/render-app';
import { apiPath, server } from '../../../testing/server';

const ghee = makeProduct({ name: 'A2 Cow Ghee', price: 595 });
const empty: User = { ...customer, phone: '9812345678', address: 'House 4, MG Road', pin: '', state: '' };

function handlers(profile: User) {
  const saved: unknown[] = [];
  server.use(
    http.get(apiPath('users/get-user'), () => HttpResponse.json({ user: profile })),
    http.get(apiPath('users/profile'), () => HttpResponse.json({ user: profile })),
    http.post(apiPath('products/getcart'), () => HttpResponse.json({ cartDetails: [cartDetailOf(ghee, 1)] })),
    http.put(apiPath('users/profile'), async ({ request }) => {
      saved.push(await request.json());
      return HttpResponse.json({ user: profile, message: 'Profile updated successfully' });
    }),
  );
  return saved;
}

const openForm = async () => screen.findByRole('form', { name: 'Deliver to' });

describe('Deliver to and the PIN code', () => {
  it('fills the state and shows the district from a typed PIN, and refuses a state that disagrees with it', async () => {
    const saved = handlers(empty);
    const { user, store } = renderApp('/cart', { preloadedState: { ...signedIn(empty), cart: { items: [{ _id: ghee._id, cart_quantity: 1 }] } } });
    const form = await openForm();
    await user.type(within(form).getByLabelText('PIN code'), '560001');
    expect(await within(form).findByText('Bengaluru, Karnataka')).toBeInTheDocument();
    expect(within(form).getByLabelText('State')).toHaveValue('Karnataka');
    expect(store.getState().cart.pin).toBe('560001');

    await user.selectOptions(within(form).getByLabelText('State'), 'Kerala');
    expect(await within(form).findByText('PIN 560001 is in Karnataka, not Kerala')).toBeInTheDocument();
    expect(within(form).getByLabelText('State')).toHaveAccessibleDescription('PIN 560001 is in Karnataka, not Kerala');
    await user.click(within(form).getByRole('button', { name: 'Save delivery details' }));
    expect(saved).toEqual([]);

    await user.selectOptions(within(form).getByLabelText('State'), 'Karnataka');
    expect(within(form).queryByText(/not Kerala/)).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save delivery details' }));
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(saved).toEqual([expect.objectContaining({ pin: '560001', state: 'Karnataka' })]);
  });

  it("shows the server's message for an unknown PIN, and saves an address outside India without one", async () => {
    const saved = handlers(empty);
    const { user } = renderApp('/cart', { preloadedState: { ...signedIn(empty), cart: { items: [{ _id: ghee._id, cart_quantity: 1 }] } } });
    const form = await openForm();
    const pin = within(form).getByLabelText('PIN code');
    await user.type(pin, '999999');
    expect(await within(form).findByText('PIN code 999999 was not found')).toBeInTheDocument();
    expect(pin).toHaveAccessibleDescription('PIN code 999999 was not found');
    await user.click(within(form).getByRole('button', { name: 'Save delivery details' }));
    expect(saved).toEqual([]);

    await user.selectOptions(within(form).getByLabelText('State'), 'Outside India');
    expect(within(form).queryByLabelText('PIN code')).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save delivery details' }));
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(saved).toEqual([expect.objectContaining({ pin: '', state: 'Outside India' })]);
  });
});
