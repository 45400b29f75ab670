import { screen, waitFor } from '@testing-library/react';
import { renderApp } from '../../testing/render-app';

const location = () => screen.getByTestId('location').textContent;

describe('SignedInOnly', () => {
  it.each(['/profile', '/orders'])('sends a guest from %s to /login', async (path) => {
    renderApp(path);
    await waitFor(() => expect(location()).toBe('/login'));
  });
});
