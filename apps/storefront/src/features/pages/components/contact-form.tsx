import { useState, type FormEvent } from 'react';
import { notifyError, notifySuccess } from '@shop/app-kit/notify';
import { useSendMessageMutation } from '../api/contact-api';
import { FormField, TextAreaField } from '@shop/ui/form-field';
import { Button } from '@shop/ui/button';

/** Name, email and message, all required ('Please fill all the fields'). */
export function ContactForm() {
  const [form, setForm] = useState({ name: '', email: '', message: '' });
  const [send, { isLoading }] = useSendMessageMutation();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = { name: form.name.trim(), email: form.email.trim(), message: form.message.trim() };
    if (!body.name || !body.email || !body.message) {
      notifyError('Please fill all the fields');
      return;
    }
    try {
      await send(body).unwrap();
      notifySuccess('Message Sent Successfully');
      setForm({ name: '', email: '', message: '' });
    } catch {
      // The server's message is already shown.
    }
  };

  return (
    <form className="contact-form card" onSubmit={submit} noValidate aria-labelledby="contact-heading">
      <h2 id="contact-heading">Write to us</h2>
      <FormField id="contact-name" name="name" label="Name" autoComplete="name" required value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
      <FormField
        id="contact-email"
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        required
        value={form.email}
        onChange={(e) => setForm({ ...form, email: e.target.value })}
      />
      <TextAreaField
        id="contact-message"
        name="message"
        label="Message"
        rows={5}
        required
        value={form.message}
        onChange={(e) => setForm({ ...form, message: e.target.value })}
      />
      <Button type="submit" disabled={isLoading}>
        Send message
      </Button>
    </form>
  );
}
