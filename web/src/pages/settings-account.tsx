// Settings: your password and your email address. A new password logs out your other devices
// (this one gets a new session); a new address becomes yours once you open the link sent to it;
// your data, as one JSON file to keep (export-data.tsx); deleting the account (delete-account.tsx).

import { useState } from 'preact/hooks';
import { api, problemText } from '../api/client.ts';
import { session } from '../session.ts';
import { Field } from './auth.tsx';
import { Message } from './message.tsx';
import { DeleteAccount } from './delete-account.tsx';
import { ExportData } from './export-data.tsx';


export function AccountSettings() {
  return (
    <section aria-labelledby="account-title">
      <h2 id="account-title">Password and email address</h2>
      <ChangePassword />
      <ChangeEmail />
      <ExportData />
    </section>
  );
}

/** The account's sections: password, address and export; then deleting it. */
export function AccountSections() {
  return (
    <>
      <AccountSettings />
      <DeleteAccount />
    </>
  );
}

function ChangePassword() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [message, setMessage] = useState<{ text: string; error?: boolean } | null>(null);
  async function submit(event: Event) {
    event.preventDefault();
    const { data, error } = await api.PUT('/v1/me/password', { body: { current, password: next } });
    if (!data) return setMessage({ text: problemText(error), error: true });
    const me = session.current();
    if (me) session.set({ ...me, token: data.token, expiresAt: data.expiresAt });
    setCurrent('');
    setNext('');
    setMessage({ text: 'Password changed. Your other devices are logged out.' });
  }
  return (
    <form onSubmit={submit} aria-label="Change password">
      <Field label="Current password" name="current-password" type="password" autocomplete="current-password" value={current} onInput={setCurrent} />
      <Field label="New password" name="new-password" type="password" autocomplete="new-password" value={next} onInput={setNext} />
      <button type="submit">Change password</button>
      <Message text={message?.text ?? null} error={message?.error} />
    </form>
  );
}

function ChangeEmail() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [message, setMessage] = useState<{ text: string; error?: boolean } | null>(null);
  async function submit(event: Event) {
    event.preventDefault();
    const { data, error } = await api.POST('/v1/me/email', { body: { email, password } });
    if (!data) return setMessage({ text: problemText(error), error: true });
    setPassword('');
    setMessage({ text: `We emailed a link to ${data.emailAddress}: it becomes your address when you open it.` });
  }
  return (
    <form onSubmit={submit} aria-label="Change email address">
      <Field label="New email address" name="new-email" type="email" autocomplete="email" value={email} onInput={setEmail} />
      <Field label="Password" name="email-password" type="password" autocomplete="current-password" value={password} onInput={setPassword} />
      <button type="submit">Change email address</button>
      <Message text={message?.text ?? null} error={message?.error} />
    </form>
  );
}
