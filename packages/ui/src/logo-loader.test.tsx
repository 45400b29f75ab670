import { render, screen } from '@testing-library/react';
import { LogoLoader } from './logo-loader.js';

it('announces loading with the logo', () => {
  render(<LogoLoader title="Shuddh Farm" />);
  expect(screen.getByRole('status')).toHaveTextContent('Loading');
  expect(screen.getByRole('img', { name: 'Shuddh Farm' })).toBeInTheDocument();
});
