import { useState, type FormEvent } from 'react';
import type { User } from '@shop/domain/schemas/users';
import { LogoLoader } from '@shop/ui/logo-loader';
import { PageHeader } from '../../../components/page-header';
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
export function isDirty(saved: Values, current: Values): boolean {
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
      <div className="field">
        <label htmlFor="name">Name</label>
        <input id="name" name="name" autoComplete="name" value={values.name} onChange={(e) => setValues({ ...values, name: e.target.value })} />
      </div>
      <div className="field">
        <label htmlFor="email">Email</label>
        <input id="email" name="email" type="email" value={user.email} readOnly aria-readonly="true" />
      </div>
      <PhoneField id="phone" value={values.phone} onChange={(phone) => setValues((v) => ({ ...v, phone }))} />
      <div className="field">
        <label htmlFor="address">Address</label>
        <textarea
          id="address"
          name="address"
          rows={5}
          autoComplete="street-address"
          value={values.address}
          onChange={(e) => setValues({ ...values, address: e.target.value })}
        />
      </div>
      <button type="submit" className="btn btn-primary" disabled={!dirty || isLoading}>
        Update
      </button>
    </form>
  );
}

export default function ProfilePage() {
  const { data: user, isError } = useProfileQuery();
  usePageMeta('Profile', 'Your Shuddh Farm profile: name, phone and delivery address.');
  // Loading, and (as the spec says) a failed load, keep the loader up.
  if (!user || isError) return <LogoLoader />;
  return (
    <div className="container page account">
      <AccountTabs />
      <PageHeader title="Profile">Keep your phone and delivery address up to date.</PageHeader>
      <ProfileForm key={user._id} user={user} />
    </div>
  );
}
