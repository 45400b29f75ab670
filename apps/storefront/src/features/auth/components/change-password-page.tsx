import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '@shop/domain/constants';
import { AuthCard } from '../../../components/auth-card';
import { FormField, useTextFields } from '@shop/ui/form-field';
import { Button } from '@shop/ui/button';
import { config } from '../../../config';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { notifySuccess } from '@shop/app-kit/notify';
import { useChangePasswordMutation } from '../api/auth-api';

export default function ChangePasswordPage() {
  const { token = '' } = useParams();
  const { values, field } = useTextFields({ password: '', confirm: '' });
  const [alert, setAlert] = useState<string>();
  const [change, { isLoading }] = useChangePasswordMutation();
  const navigate = useNavigate();
  usePageMeta('Change password', `Choose a new password for your ${config.brand} account.`);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const { password, confirm } = values;
    if (!password || !confirm) return setAlert('Please fill all the fields');
    if (password !== confirm) return setAlert('Passwords do not match');
    if (password.length < PASSWORD_MIN_LENGTH) return setAlert(`Password must be at least ${PASSWORD_MIN_LENGTH} characters`);
    setAlert(undefined);
    try {
      const { message } = await change({ password, token }).unwrap();
      notifySuccess(message);
      navigate('/login');
    } catch {
      // The server's message is already shown.
    }
  };

  return (
    <AuthCard title="Change password">
      <form onSubmit={submit} noValidate>
        <FormField id="password" label="New password" type="password" autoComplete="new-password" required minLength={PASSWORD_MIN_LENGTH} {...field('password')} />
        <FormField id="confirm-password" label="Confirm password" type="password" autoComplete="new-password" required {...field('confirm')} />
        {alert && (
          <p className="notice notice--error" role="alert">
            {alert}
          </p>
        )}
        <Button type="submit" block disabled={isLoading}>
          Change password
        </Button>
      </form>
    </AuthCard>
  );
}
