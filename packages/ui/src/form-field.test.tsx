import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { FormField, SelectField, TextAreaField, useTextFields } from './form-field.js';

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

describe('TextAreaField and SelectField', () => {
  it('label a textarea and tie its hint and error to it', () => {
    render(<TextAreaField id="message" label="Message" hint="What you would like to know" error="Write a message" rows={4} />);
    const box = screen.getByLabelText('Message');
    expect(box.tagName).toBe('TEXTAREA');
    expect(box).toHaveAttribute('rows', '4');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('What you would like to know Write a message');
  });

  it('label a select with its options and keep a describedby the caller gave', () => {
    render(
      <>
        <p id="note">Used on the invoice</p>
        <SelectField id="gst" label="GST rate" aria-describedby="note" defaultValue="5" wide>
          <option value="">Not set</option>
          <option value="5">5%</option>
        </SelectField>
      </>,
    );
    const select = screen.getByLabelText('GST rate');
    expect(select).toHaveValue('5');
    expect(select).toHaveAccessibleDescription('Used on the invoice');
    expect(select).not.toHaveAttribute('aria-invalid');
    expect(select.closest('.field')).toHaveClass('field--wide');
  });
});

describe('useTextFields', () => {
  function SignIn({ errors = {} }: { errors?: { email?: string } }) {
    const { values, field } = useTextFields({ email: '', note: '' }, errors);
    return (
      <>
        <FormField id="email" label="Email" {...field('email')} />
        <TextAreaField id="note" label="Note" {...field('note')} />
        <output>{JSON.stringify(values)}</output>
      </>
    );
  }

  it('keeps what is typed in each field and hands each field its error', async () => {
    const user = userEvent.setup();
    render(<SignIn errors={{ email: 'Email is required' }} />);
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is required');
    expect(screen.getByLabelText('Note')).not.toHaveAttribute('aria-invalid');
    await user.type(screen.getByLabelText('Email'), 'a@b.in');
    await user.type(screen.getByLabelText('Note'), 'Ring twice');
    expect(screen.getByRole('status')).toHaveTextContent('{"email":"a@b.in","note":"Ring twice"}');
  });
});
