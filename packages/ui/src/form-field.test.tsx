import { render, screen } from '@testing-library/react';
import { FormField } from './form-field.js';

describe('FormField', () => {
  it('labels its input and passes the input props through', () => {
    render(<FormField id="email" label="Email" type="email" defaultValue="a@b.in" />);
    const input = screen.getByLabelText('Email');
    expect(input).toHaveAttribute('type', 'email');
    expect(input).toHaveValue('a@b.in');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('announces an error and ties it to the input', () => {
    render(<FormField id="email" label="Email" error="Enter a valid email address" />);
    const input = screen.getByLabelText('Email');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Enter a valid email address');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a valid email address');
  });
});
