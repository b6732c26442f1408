import type { RegistrationAwaitingClaim } from '@shop/contracts';
import { RegisterInput } from '@shop/contracts';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { z } from 'zod';
import { errorMessage } from '../../../lib/api';
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
  password: z.string().min(1, 'Password is required'),
});

/** Name, e-mail, contact and password; on success the user returns to the remembered page, else home. */
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
      void navigate({ href: afterSignIn(redirectTo), replace: true });
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
        label="Contact"
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
      <FormError message={mutation.isError ? errorMessage(mutation.error, REGISTRATION_FAILED) : null} />
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
