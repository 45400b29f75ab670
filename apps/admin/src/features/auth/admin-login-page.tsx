import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { Logo } from '@shop/ui/logo';
import { FormField, useTextFields } from '@shop/ui/form-field';
import { Button } from '@shop/ui/button';
import { ADMIN_ROLE, PASSWORD_MIN_LENGTH } from '@shop/domain/constants';
import { config } from '../../config';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { alertUser, dismissErrors, notifySuccess } from '@shop/app-kit/notify';
import { authApi, endSession, storeSession, useCurrentUserQuery, useLoginMutation } from './auth-api';
import { selectToken } from '@shop/app-kit/session';
import './admin-login-page.css';

interface Errors {
  email?: string;
  password?: string;
  secretKey?: string;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function validate(email: string, password: string, secretKey: string): Errors {
  const errors: Errors = {};
  if (!EMAIL_PATTERN.test(email.trim())) errors.email = 'Enter a valid email address';
  if (password === '') errors.password = 'Password is required';
  else if (password.length < PASSWORD_MIN_LENGTH) errors.password = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
  if (secretKey.trim() === '') errors.secretKey = 'Secret key is required';
  return errors;
}

/** {admin_prefix}/adminlogin: email, password and the admin secret key. */
export function AdminLoginPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const token = useAppSelector(selectToken);
  const { data: me } = useCurrentUserQuery(undefined, { skip: !token });
  const [login, { isLoading }] = useLoginMutation();
  const [errors, setErrors] = useState<Errors>({});
  const { values, field } = useTextFields({ email: '', password: '', secretKey: '' }, errors);

  if (me?.user.role === ADMIN_ROLE) return <Navigate to="/admin" replace />;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const { email, password, secretKey } = values;
    const found = validate(email, password, secretKey);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    let answer;
    try {
      answer = await login({ email: email.trim(), password, secret_key: secretKey.trim() }).unwrap();
    } catch (error) {
      // The server's message is already toasted. A 403 is an account that is not an admin's:
      // SPEC 4 wants the token gone and the person told to use admin credentials.
      if (typeof error === 'object' && error !== null && 'status' in error && error.status === 403) {
        endSession(dispatch);
        alertUser('Please login with admin credentials');
      }
      return;
    }
    if (answer.user.role !== ADMIN_ROLE) {
      endSession(dispatch);
      alertUser('Please login with admin credentials');
      return;
    }
    storeSession(dispatch, answer.token);
    dispatch(authApi.util.upsertQueryData('currentUser', undefined, { user: answer.user }));
    // The failed tries' toasts ("Invalid credentials") are no longer true.
    dismissErrors();
    notifySuccess('Admin Login successfull');
    navigate('/admin', { replace: true });
  };

  return (
    <main className="login-page">
      <section className="login-page__brand" aria-hidden="true">
        <Logo size={88} title={config.brand} />
        <p className="login-page__kicker">{config.brand}</p>
        <p className="login-page__title">ADMIN PANEL</p>
        <p className="login-page__note">Catalogue, orders, customers and stories of the farm.</p>
      </section>
      <section className="login-page__form card">
        <div className="login-page__mobile-mark">
          <Logo size={48} title={config.brand} />
        </div>
        <h1>Admin login</h1>
        <p className="muted">Sign in with your admin account and the secret key.</p>
        <form onSubmit={onSubmit} noValidate>
          <FormField id="admin-email" label="Email" type="email" autoComplete="username" {...field('email')} />
          <FormField id="admin-password" label="Password" type="password" autoComplete="current-password" minLength={PASSWORD_MIN_LENGTH} required {...field('password')} />
          <FormField id="admin-secret" label="Secret key" type="password" autoComplete="off" required {...field('secretKey')} />
          <Button type="submit" block disabled={isLoading}>
            {isLoading ? 'Signing in…' : 'Login'}
          </Button>
        </form>
      </section>
    </main>
  );
}
