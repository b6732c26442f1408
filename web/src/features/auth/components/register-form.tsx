import type { RegistrationAwaitingClaim } from '@shop/contracts';
import { PHONE_PATTERN, RegisterInput } from '@shop/contracts';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { z } from 'zod';
import { ApiError, errorMessage } from '../../../lib/api';
import { flashStore } from '../../../lib/flash';
import { afterSignIn } from '../../../lib/guards';
import { sessionFromAuthResponse, signIn } from '../../../lib/session';
import { Field, FormError } from '../../../ui/field';
import { useZodForm } from '../../../ui/use-zod-form';
import { isAwaitingClaim, register } from '../api/auth';

export const REGISTRATION_FAILED = 'Registration failed. Please try again.';
export const PASSWORD_HINT = 'Use 8 or more characters with a mix of letters, numbers & symbols';

/**
 * The contract's schema with the password only required: the length rule is the server's, the hint
 * stays advisory here (docs/rules/accounts.md#registration), and the server's refusal is shown as it comes.
 */
const RegisterForm = RegisterInput.extend({
  contact: z
    .string()
    .trim()
    .min(1, 'Mobile number is required')
    .refine((v) => PHONE_PATTERN.test(v), 'Enter a phone number like 0300-1234567 or +92 300 1234567'),
  password: z.string().min(1, 'Password is required'),
});

/**
 * Why the account was not created, in words: the server's field messages (shown at their fields too)
 * without the field names its summary carries (`password: …`), else its message.
 */
export function registrationRefusal(error: unknown): string {
  if (error instanceof ApiError && error.fields.length > 0) {
    const reasons = error.fields.map((field) => field.message.replace(/\.$/, ''));
    return `Your account was not created: ${reasons.join('; ')}.`;
  }
  return errorMessage(error, REGISTRATION_FAILED);
}

/** Where she lands after signing up, in words for the welcome. */
const placeNames: Record<string, string> = {
  '/': 'the home page',
  '/checkout': 'checkout',
  '/shopping': 'the shop',
  '/profile': 'your profile',
};

/**
 * Name, e-mail, mobile number and password; on success the user returns to the remembered page, else
 * home, where a welcome says it worked and where she is.
 */
export function RegisterDetailsForm({ redirectTo }: { redirectTo: string | undefined }) {
  const navigate = useNavigate();
  const [claim, setClaim] = useState<RegistrationAwaitingClaim | null>(null);
  const { formRef, mutation, field, onSubmit } = useZodForm({
    schema: RegisterForm,
    initialValues: { name: '', email: '', contact: '', password: '' },
    mutationFn: register,
    onSuccess: (response) => {
      if (isAwaitingClaim(response)) return setClaim(response);
      signIn(sessionFromAuthResponse(response));
      const href = afterSignIn(redirectTo);
      const path = href.split(/[?#]/)[0] ?? '/';
      const firstName = response.name.trim().split(/\s+/)[0] ?? response.name;
      const where = placeNames[path];
      flashStore.set({
        path,
        text: `Welcome, ${firstName}: your account is created and you are signed in${where ? `. You are on ${where}` : ''}.`,
      });
      void navigate({ href, replace: true });
    },
  });

  if (claim) {
    return (
      <div role="status" className="form">
        <p>
          <strong>Check your e-mail: {claim.email}</strong>
        </p>
        <p>{claim.message}</p>
      </div>
    );
  }

  return (
    <form ref={formRef} className="form" onSubmit={onSubmit} noValidate aria-labelledby="register-title">
      <Field label="Name" autoComplete="name" required {...field('name')} />
      <Field label="Email" type="email" autoComplete="email" required {...field('email')} />
      <Field
        label="Mobile number"
        type="tel"
        autoComplete="tel"
        placeholder="0300-1234567"
        required
        {...field('contact')}
      />
      <Field
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        hint={PASSWORD_HINT}
        {...field('password')}
      />
      <FormError message={mutation.isError ? registrationRefusal(mutation.error) : null} />
      <button type="submit" className="button button--primary button--block" disabled={mutation.isPending}>
        {mutation.isPending ? 'Creating account...' : 'Create account'}
      </button>
      <p className="form__switch">
        Already have an account?{' '}
        <Link to="/login" search={{ redirect: redirectTo }}>
          Sign in
        </Link>
      </p>
    </form>
  );
}
