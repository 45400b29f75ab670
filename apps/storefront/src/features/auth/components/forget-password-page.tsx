import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { AuthCard } from '../../../components/auth-card';
import { FormField, useTextFields } from '@shop/ui/form-field';
import { Button } from '@shop/ui/button';
import { config } from '../../../config';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { notifySuccess } from '@shop/app-kit/notify';
import { isEmail } from '../../../lib/validation';
import { useForgetPasswordMutation } from '../api/auth-api';

export default function ForgetPasswordPage() {
  const [error, setError] = useState<string>();
  const { values, field } = useTextFields({ email: '' }, { email: error });
  const [send, { isLoading }] = useForgetPasswordMutation();
  usePageMeta('Forgot password', `Get a link to reset your ${config.brand} password.`);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const { email } = values;
    if (!email.trim()) return setError('Email is required');
    if (!isEmail(email)) return setError('Please enter a valid email');
    setError(undefined);
    try {
      const { message } = await send({ email: email.trim() }).unwrap();
      notifySuccess(message);
    } catch {
      // The server's message is already shown.
    }
  };

  return (
    <AuthCard title="Forgot password">
      <form onSubmit={submit} noValidate>
        <FormField
          id="email"
          label="We will share the link to reset your password"
          type="email"
          autoComplete="email"
          placeholder="Your email"
          required
          {...field('email')}
        />
        <Button type="submit" block disabled={isLoading}>
          Send
        </Button>
      </form>
      <p className="auth-card__links">
        <Link to="/login">Back to login</Link>
      </p>
    </AuthCard>
  );
}
