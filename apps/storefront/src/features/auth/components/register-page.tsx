import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { NAME_MIN_LENGTH, PASSWORD_MIN_LENGTH } from '@shop/domain/constants';
import { AuthCard } from '../../../components/auth-card';
import { FormField, useTextFields } from '@shop/ui/form-field';
import { Button } from '@shop/ui/button';
import { config } from '../../../config';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { notifySuccess } from '@shop/app-kit/notify';
import { isEmail } from '../../../lib/validation';
import { useRegisterMutation } from '../api/auth-api';

interface Errors {
  name?: string;
  email?: string;
  password?: string;
}

function validateRegister(name: string, email: string, password: string): Errors {
  const errors: Errors = {};
  if (name.trim().length < NAME_MIN_LENGTH) errors.name = `Name must be at least ${NAME_MIN_LENGTH} characters`;
  // The email field is of type email but not marked required; the server still needs one.
  if (email.trim() && !isEmail(email)) errors.email = 'Please enter a valid email';
  if (password.length < PASSWORD_MIN_LENGTH) errors.password = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
  return errors;
}

export default function RegisterPage() {
  const [errors, setErrors] = useState<Errors>({});
  const { values: form, field } = useTextFields({ name: '', email: '', password: '', address: '' }, errors);
  const [submitted, setSubmitted] = useState(false);
  const [register, { isLoading }] = useRegisterMutation();
  usePageMeta('Register', `Create your ${config.brand} account.`);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateRegister(form.name, form.email, form.password);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await register({ name: form.name.trim(), email: form.email.trim(), password: form.password, address: form.address }).unwrap();
      setSubmitted(true);
      notifySuccess('Verification link has been sent to your email, Please verify your email', { autoClose: 10_000 });
    } catch {
      // The server's message is already shown.
    }
  };

  return (
    <AuthCard title="Register" lead="Join the farm family.">
      <form onSubmit={submit} noValidate>
        <FormField id="name" label="Name" autoComplete="name" minLength={NAME_MIN_LENGTH} {...field('name')} />
        <FormField id="email" label="Email" type="email" autoComplete="email" {...field('email')} />
        <FormField id="password" label="Password" type="password" autoComplete="new-password" minLength={PASSWORD_MIN_LENGTH} {...field('password')} />
        <Button type="submit" block disabled={submitted || isLoading}>
          Register
        </Button>
      </form>
      {submitted && (
        <p className="notice notice--ok" role="status">
          Check your inbox: open the link we sent to verify your email, then log in.
        </p>
      )}
      <p className="auth-card__links">
        <span>
          Already have an account? <Link to="/login">Login</Link>
        </span>
      </p>
    </AuthCard>
  );
}
