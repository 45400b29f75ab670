import { http } from 'msw';
import { screen, waitFor } from '@testing-library/react';
import { renderApp } from '../../../testing/render-app';
import { apiPath, fail, recordPosts, server } from '../../../testing/server';

const location = () => screen.getByTestId('location').textContent;

describe('forgot password page', () => {
  it('asks for the email, then shows the server message', async () => {
    const sent = recordPosts('auth/forget-password', { message: 'If the email is registered, a reset link is on its way' });
    const { user } = renderApp('/forget-password');
    const email = await screen.findByLabelText('We will share the link to reset your password');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.type(email, 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('If the email is registered, a reset link is on its way')).toBeInTheDocument();
    expect(sent).toContainEqual({ email: 'asha@example.com' });
  });

  it("shows the server's message on failure", async () => {
    server.use(http.post(apiPath('auth/forget-password'), () => fail(429, 'Too many requests, try again later')));
    const { user } = renderApp('/forget-password');
    await user.type(await screen.findByLabelText('We will share the link to reset your password'), 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Too many requests, try again later')).toBeInTheDocument();
  });
});

describe('change password page', () => {
  /** Opens the reset link's page, types the new password and its confirmation, and presses Change password. */
  async function changePassword(password: string, confirmation: string) {
    const { user } = renderApp('/change-password/reset-token-123');
    await user.type(await screen.findByLabelText('New password'), password);
    await user.type(screen.getByLabelText('Confirm password'), confirmation);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
  }

  it("alerts 'Passwords do not match' and makes no call", async () => {
    const sent = recordPosts('auth/change-password', { message: 'x' });
    await changePassword('new-password-1', 'new-password-2');
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match');
    expect(sent).toEqual([]);
  });

  it('needs both fields', async () => {
    const { user } = renderApp('/change-password/reset-token-123');
    await user.click(await screen.findByRole('button', { name: 'Change password' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill all the fields');
  });

  it('sends the new password with the token, shows the message and goes to login', async () => {
    const sent = recordPosts('auth/change-password', { message: 'Password changed, please log in' });
    await changePassword('new-password-1', 'new-password-1');
    expect(await screen.findByText('Password changed, please log in')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/login'));
    expect(sent.at(-1)).toEqual({ password: 'new-password-1', token: 'reset-token-123' });
  });

  it("shows the server's message for an expired link", async () => {
    server.use(http.post(apiPath('auth/change-password'), () => fail(400, 'This reset link has expired')));
    await changePassword('new-password-1', 'new-password-1');
    expect(await screen.findByText('This reset link has expired')).toBeInTheDocument();
  });
});
