import type { ProfileUpdate } from '@shop/contracts';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { endSession } from '../../../lib/end-session';
import type { SessionUser } from '../../../lib/session';
import { Field } from '../../../ui/field';
import { updateProfile } from '../api/account';

export const UPDATE_FAILED = 'Update failed';
/** The user is signed out this long after a profile update (docs/rules/screens.md#delays). */
export const SIGN_OUT_DELAY_MS = 2000;

interface Draft {
  name: string;
  email: string;
  contact: string;
  password: string;
  currentPassword: string;
}

const draftOf = (user: SessionUser): Draft => ({
  name: user.name,
  email: user.email,
  contact: user.contact,
  password: '',
  currentPassword: '',
});

/**
 * Name, e-mail and contact with an Edit mode. Changing the e-mail or the password needs the current
 * password (docs/rules/accounts.md#profile-updates). After an update the message shows (green, or red
 * when it says 'failed') and the user is signed out after 2 seconds to sign in again.
 */
export function ProfileInfo({ user }: { user: SessionUser }) {
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<Draft>(() => draftOf(user));
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);
  const [signingOut, setSigningOut] = useState(false);

  const mutation = useMutation({
    mutationFn: (input: ProfileUpdate) => updateProfile(input),
    onSuccess: (answer) => {
      setMessage({ text: `${answer.message ?? 'Profile updated.'} Please sign in again.`, failed: false });
      setEditing(false);
      setSigningOut(true);
    },
    onError: (error) => setMessage({ text: errorMessage(error, UPDATE_FAILED), failed: true }),
  });

  useEffect(() => {
    if (!signingOut) return;
    const timer = setTimeout(() => {
      void endSession();
      void navigate({ to: '/login', search: { redirect: '/profile' } });
    }, SIGN_OUT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [signingOut, navigate]);

  const needsCurrent = draft.email.trim() !== user.email || draft.password !== '';

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending) return;
    setMessage(null);
    mutation.mutate({
      name: draft.name.trim(),
      email: draft.email.trim(),
      contact: draft.contact.trim(),
      ...(draft.password ? { password: draft.password } : {}),
      ...(needsCurrent && draft.currentPassword ? { currentPassword: draft.currentPassword } : {}),
    });
  }

  const bind = (name: keyof Draft) => ({
    name,
    value: draft[name],
    onChange: (event: { currentTarget: HTMLInputElement }) => {
      const { value } = event.currentTarget;
      setDraft((current) => ({ ...current, [name]: value }));
    },
  });

  const feedback = message && (
    <div
      className={message.failed ? 'form-error' : 'form-success'}
      role={message.failed ? 'alert' : 'status'}
    >
      {message.text}
    </div>
  );

  if (!editing) {
    return (
      <div className="panel">
        <div className="page-head">
          <h2>{user.name}</h2>
          <span className={`status-badge status-badge--${user.isAdmin ? 'success' : 'default'}`}>
            {user.isAdmin ? 'Admin' : 'User'}
          </span>
        </div>
        <dl className="details">
          <div>
            <dt>Name</dt>
            <dd>{user.name}</dd>
          </div>
          <div>
            <dt>Email</dt>
            <dd>{user.email}</dd>
          </div>
          <div>
            <dt>Contact</dt>
            <dd>{user.contact || 'Not provided'}</dd>
          </div>
          <div>
            <dt>Password</dt>
            <dd>••••••••</dd>
          </div>
        </dl>
        {feedback}
        {!signingOut && (
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              setDraft(draftOf(user));
              setMessage(null);
              setEditing(true);
            }}
          >
            Edit Profile
          </button>
        )}
      </div>
    );
  }

  return (
    <form className="panel form" onSubmit={onSubmit} noValidate aria-label="Edit profile">
      <Field label="Name" autoComplete="name" required {...bind('name')} />
      <Field label="Email" type="email" autoComplete="email" required {...bind('email')} />
      <Field label="Contact" type="tel" autoComplete="tel" {...bind('contact')} />
      <Field
        label="New password (optional)"
        type="password"
        autoComplete="new-password"
        hint="Leave empty to keep your password."
        {...bind('password')}
      />
      {needsCurrent && (
        <Field
          label="Current password"
          type="password"
          autoComplete="current-password"
          hint="Needed to change your e-mail or password."
          required
          {...bind('currentPassword')}
        />
      )}
      {feedback}
      <div className="copy-row">
        <button type="submit" className="button button--primary" disabled={mutation.isPending}>
          {mutation.isPending ? 'Saving...' : 'Save Changes'}
        </button>
        <button type="button" className="button button--ghost" onClick={() => setEditing(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
