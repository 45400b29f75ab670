import { http, HttpResponse } from 'msw';
import { screen, waitFor } from '@testing-library/react';
import { customer } from '../../../testing/fixtures';
import { renderApp, signedIn } from '../../../testing/render-app';
import { apiPath, fail, recordPosts, server } from '../../../testing/server';

const location = () => screen.getByTestId('location').textContent;

async function fill(user: ReturnType<typeof renderApp>['user'], name: string, email: string, password: string) {
  if (name) await user.type(await screen.findByLabelText('Name'), name);
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Register' }));
}

describe('register page', () => {
  it('needs a name of 3 and a password of 8 characters', async () => {
    const sent = recordPosts('auth/register', { message: 'x' });
    const { user } = renderApp('/register');
    await fill(user, 'As', 'asha@example.com', 'short');
    expect(screen.getByText('Name must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('registers, says a verification link was sent and disables the button', async () => {
    const sent = recordPosts('auth/register', { message: 'Registered' });
    const { user } = renderApp('/register');
    await fill(user, 'Asha Rao', 'asha@example.com', 'correct-horse');
    expect(await screen.findByText('Verification link has been sent to your email, Please verify your email')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Register' })).toBeDisabled();
    expect(sent.at(-1)).toEqual({ name: 'Asha Rao', email: 'asha@example.com', password: 'correct-horse', address: '' });
  });

  it("shows the server's message and keeps the button enabled when registration fails", async () => {
    server.use(http.post(apiPath('auth/register'), () => fail(409, 'Email already registered')));
    const { user } = renderApp('/register');
    await fill(user, 'Asha Rao', 'asha@example.com', 'correct-horse');
    expect(await screen.findByText('Email already registered')).toBeInTheDocument();
    // The toast can come a render before the request's pending flag clears.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Register' })).toBeEnabled());
  });

  it('sends a signed-in shopper to /', async () => {
    server.use(
      http.get(apiPath('slider'), () => HttpResponse.json({ sliders: [] })),
      http.get(apiPath('products/highlighted'), () => HttpResponse.json({ products: [] })),
      http.get(apiPath('products/list/1'), () => HttpResponse.json({ products: [] })),
      http.get(apiPath('users/get-user'), () => HttpResponse.json({ user: customer })),
    );
    renderApp('/register', { preloadedState: signedIn(customer) });
    await waitFor(() => expect(location()).toBe('/'));
  });
});
