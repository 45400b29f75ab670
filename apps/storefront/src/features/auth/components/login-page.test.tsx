import { sessionApi } from '../../../store/session-api';
import { http, HttpResponse } from 'msw';
import { screen, waitFor } from '@testing-library/react';
import { customer } from '../../../testing/fixtures';
import { renderApp, signedIn } from '../../../testing/render-app';
import { apiPath, fail, recordPosts, server } from '../../../testing/server';

const location = () => screen.getByTestId('location').textContent;

function homeHandlers() {
  return [
    http.get(apiPath('slider'), () => HttpResponse.json({ sliders: [] })),
    http.get(apiPath('products/highlighted'), () => HttpResponse.json({ products: [] })),
    http.get(apiPath('products/list/1'), () => HttpResponse.json({ products: [] })),
    http.get(apiPath('users/get-user'), () => HttpResponse.json({ user: customer })),
  ];
}

describe('login page', () => {
  it('checks the email and the password length before calling the server', async () => {
    const sent = recordPosts('auth/login', {});
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByText('Please enter a valid email')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
  });

  it('signs in, keeps the token, says so and goes home', async () => {
    const sent = recordPosts('auth/login', { user: customer, token: 'jwt-1' });
    server.use(...homeHandlers());
    const { user, store } = renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), customer.email);
    await user.type(screen.getByLabelText('Password'), 'correct-horse');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('User Login successfull')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/'));
    expect(sent.at(-1)).toEqual({ email: customer.email, password: 'correct-horse' });
    // The token is the session's; the user is in the query cache, so nothing is fetched again.
    expect(store.getState().auth).toEqual({ token: 'jwt-1' });
    expect(sessionApi.endpoints.currentUser.select()(store.getState()).data).toMatchObject({ email: customer.email });
  });

  it("shows the server's message when the login is refused", async () => {
    server.use(http.post(apiPath('auth/login'), () => fail(403, 'Please verify your email before logging in')));
    const { user, store } = renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), customer.email);
    await user.type(screen.getByLabelText('Password'), 'correct-horse');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Please verify your email before logging in')).toBeInTheDocument();
    expect(location()).toBe('/login');
    expect(store.getState().auth.token).toBeNull();
  });

  it('welcomes a shopper back from the verification link', async () => {
    renderApp('/login?verified=1');
    expect(await screen.findByText('Your email is verified. You can log in now.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forget-password');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
  });

  // The page's loader is a status too ('Loading', while the lazy page comes): wait for the message, not any status.
  it('says the address is verified already when a used link is opened again', async () => {
    renderApp('/login?verified=0&reason=already-verified');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('This email is already verified. You can log in.'));
  });

  it('says an expired link has expired and how to get going again', async () => {
    renderApp('/login?verified=0&reason=expired');
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'This verification link has expired. Use "Forgot password?" below: choosing a new password from the mailed link also verifies your email.',
      ),
    );
  });

  it('says a link that is not ours (or an old redirect without a reason) is not valid', async () => {
    for (const url of ['/login?verified=0&reason=invalid', '/login?verified=0']) {
      const { unmount } = renderApp(url);
      await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/^This verification link is not valid\./));
      unmount();
    }
  });

  it('says nothing about verification on a plain visit', async () => {
    renderApp('/login');
    await screen.findByRole('button', { name: 'Login' });
    expect(screen.queryByText(/verif/i)).not.toBeInTheDocument();
  });

  it('sends a signed-in shopper to /', async () => {
    server.use(...homeHandlers());
    renderApp('/login', { preloadedState: signedIn(customer) });
    await waitFor(() => expect(location()).toBe('/'));
  });
});
