import { http } from 'msw';
import { screen } from '@testing-library/react';
import { renderApp } from '../../../testing/render-app';
import { apiPath, fail, recordPosts, server } from '../../../testing/server';

describe('about us', () => {
  /** Opens About us, types each of `fields` into the contact form field with that label, and presses Send message. */
  async function sendMessage(fields: Record<string, string>) {
    const { user } = renderApp('/about-us');
    for (const [label, text] of Object.entries(fields)) await user.type(await screen.findByLabelText(label), text);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
  }

  it("needs every field: 'Please fill all the fields', and no call", async () => {
    const sent = recordPosts('auth/sendmail', { message: 'ok' });
    await sendMessage({ Name: 'Asha', Email: 'asha@example.com' });
    expect(await screen.findByText('Please fill all the fields')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it("sends the message, says 'Message Sent Successfully' and clears the form", async () => {
    const sent = recordPosts('auth/sendmail', { message: 'Thanks' });
    await sendMessage({ Name: 'Asha', Email: 'asha@example.com', Message: 'Do you ship to Dubai?' });
    expect(await screen.findByText('Message Sent Successfully')).toBeInTheDocument();
    expect(sent.at(-1)).toEqual({ name: 'Asha', email: 'asha@example.com', message: 'Do you ship to Dubai?' });
    expect(screen.getByLabelText('Message')).toHaveValue('');
  });

  it("shows the server's message when sending fails", async () => {
    server.use(http.post(apiPath('auth/sendmail'), () => fail(400, 'email must be an email')));
    await sendMessage({ Name: 'Asha', Email: 'asha@nowhere', Message: 'Hello' });
    expect(await screen.findByText('email must be an email')).toBeInTheDocument();
  });
});

describe('privacy and policy', () => {
  it('states the terms: refunds 6-8 days, shipping 5-7 days, international 10-20 days, same-day cancellation', async () => {
    renderApp('/privacy-and-policy');
    expect(await screen.findByRole('heading', { name: 'Terms and Conditions' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Cancellation and Refund' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Shipping and Delivery' })).toBeInTheDocument();
    expect(screen.getByText(/processed within 6-8 days/)).toBeInTheDocument();
    expect(screen.getByText(/shipped within 5-7 days/)).toBeInTheDocument();
    expect(screen.getByText(/International delivery takes 10-20 days/)).toBeInTheDocument();
    expect(screen.getByText(/only on the same day of the order/)).toBeInTheDocument();
    expect(document.title).toBe('Privacy & Policies | Shuddh Farm');
  });
});

describe('unknown paths', () => {
  it("say 'Not found'", async () => {
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Not found' })).toBeInTheDocument();
  });
});
