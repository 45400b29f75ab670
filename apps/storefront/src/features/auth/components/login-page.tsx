import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '@shop/domain/constants';
import { AuthCard } from '../../../components/auth-card';
import { FormField, useTextFields } from '@shop/ui/form-field';
import { Button } from '@shop/ui/button';
import { config } from '../../../config';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { notifySuccess } from '@shop/app-kit/notify';
import { isEmail } from '../../../lib/validation';
import { signedIn } from '@shop/app-kit/session';
import { sessionApi } from '../../../store/session-api';
import { useAppDispatch } from '../../../store/hooks';
import { useLoginMutation } from '../api/auth-api';

interface Errors {
  email?: string;
  password?: string;
}

function validateLogin(email: string, password: string): Errors {
  const errors: Errors = {};
  if (!email.trim()) errors.email = 'Email is required';
  else if (!isEmail(email)) errors.email = 'Please enter a valid email';
  if (!password) errors.password = 'Password is required';
  else if (password.length < PASSWORD_MIN_LENGTH) errors.password = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
  return errors;
}

/**
 * What the verification link did, from the server's redirect (/login?verified=1, or verified=0 with a reason):
 * the shopper learns whether to log in or to ask for a new link.
 */
function verificationNotice(params: URLSearchParams): { ok: boolean; text: string } | undefined {
  const verified = params.get('verified');
  if (verified === '1') return { ok: true, text: 'Your email is verified. You can log in now.' };
  if (verified !== '0') return undefined;
  switch (params.get('reason')) {
    case 'already-verified':
      return { ok: true, text: 'This email is already verified. You can log in.' };
    case 'expired':
      return {
        ok: false,
        text: 'This verification link has expired. Use "Forgot password?" below: choosing a new password from the mailed link also verifies your email.',
      };
    default:
      return {
        ok: false,
        text: 'This verification link is not valid. Copy the whole link from the mail, or use "Forgot password?" below to get a new one.',
      };
  }
}

export default function LoginPage() {
  const [errors, setErrors] = useState<Errors>({});
  const { values, field } = useTextFields({ email: '', password: '' }, errors);
  const [login, { isLoading }] = useLoginMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const notice = verificationNotice(params);
  usePageMeta('Login', `Log in to your ${config.brand} account to pay and see your orders.`);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const { email, password } = values;
    const found = validateLogin(email, password);
    setErrors(found);
    if (found.email || found.password) return;
    try {
      const { user, token } = await login({ email: email.trim(), password }).unwrap();
      // The user goes into the query cache before the token, so the layout finds it there and fetches nothing.
      dispatch(sessionApi.util.upsertQueryData('currentUser', undefined, user));
      dispatch(signedIn(token));
      notifySuccess('User Login successfull');
      navigate('/');
    } catch {
      // The server's message is already shown.
    }
  };

  return (
    <AuthCard title="Login" lead="Welcome back to the farm.">
      {notice && (
        <p className={`notice ${notice.ok ? 'notice--ok' : 'notice--error'}`} role="status">
          {notice.text}
        </p>
      )}
      <form onSubmit={submit} noValidate>
        <FormField id="email" label="Email" type="email" autoComplete="email" required {...field('email')} />
        <FormField id="password" label="Password" type="password" autoComplete="current-password" required minLength={PASSWORD_MIN_LENGTH} {...field('password')} />
        <Button type="submit" block disabled={isLoading}>
          Login
        </Button>
      </form>
      <p className="auth-card__links">
        <Link to="/forget-password">Forgot password?</Link>
        <span>
          New here? <Link to="/register">Create an account</Link>
        </span>
      </p>
    </AuthCard>
  );
}
