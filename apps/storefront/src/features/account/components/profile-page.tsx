import { useState, type FormEvent } from 'react';
import type { User } from '@shop/domain/schemas/users';
import { LogoLoader } from '@shop/ui/logo-loader';
import { Button } from '@shop/ui/button';
import { FormField, TextAreaField } from '@shop/ui/form-field';
import { PageHeader } from '../../../components/page-header';
import { config } from '../../../config';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { notifySuccess } from '@shop/app-kit/notify';
import { useProfileQuery, useUpdateProfileMutation } from '../api/account-api';
import { AccountTabs } from './account-tabs';
import { PhoneField } from './phone-field';
import './account.css';

const digits = (phone: string) => phone.replace(/\D/g, '');

interface Values {
  name: string;
  phone: string;
  address: string;
}

const valuesOf = (user: User): Values => ({ name: user.name, phone: user.phone, address: user.address });

/** Pristine means Update is disabled; any edit enables it; a successful save makes it pristine again. */
function isDirty(saved: Values, current: Values): boolean {
  return saved.name !== current.name || saved.address !== current.address || digits(saved.phone) !== digits(current.phone);
}

function ProfileForm({ user }: { user: User }) {
  const [values, setValues] = useState<Values>(() => valuesOf(user));
  const [update, { isLoading }] = useUpdateProfileMutation();
  const saved = valuesOf(user);
  const dirty = isDirty(saved, values);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const { message, user: next } = await update({ name: values.name, email: user.email, phone: values.phone, address: values.address }).unwrap();
      setValues(valuesOf(next));
      notifySuccess(message);
    } catch {
      // The server's message is already shown.
    }
  };

  return (
    <form className="profile-form card" onSubmit={submit}>
      <FormField id="name" label="Name" autoComplete="name" value={values.name} onChange={(e) => setValues({ ...values, name: e.target.value })} />
      <FormField id="email" label="Email" type="email" value={user.email} readOnly aria-readonly="true" />
      <PhoneField id="phone" value={values.phone} onChange={(phone) => setValues((v) => ({ ...v, phone }))} />
      <TextAreaField
        id="address"
        label="Address"
        rows={5}
        autoComplete="street-address"
        value={values.address}
        onChange={(e) => setValues({ ...values, address: e.target.value })}
      />
      <Button type="submit" disabled={!dirty || isLoading}>
        Update
      </Button>
    </form>
  );
}

export default function ProfilePage() {
  const { data: user, isError } = useProfileQuery();
  usePageMeta('Profile', `Your ${config.brand} profile: name, phone and delivery address.`);
  // Loading, and (as the spec says) a failed load, keep the loader up.
  if (!user || isError) return <LogoLoader title={config.brand} />;
  return (
    <div className="container page account">
      <AccountTabs />
      <PageHeader title="Profile">Keep your phone and delivery address up to date.</PageHeader>
      <ProfileForm key={user._id} user={user} />
    </div>
  );
}
