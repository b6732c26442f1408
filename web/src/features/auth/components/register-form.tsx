import { RegisterInput } from '@shop/contracts';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useRef, useState } from 'react';
import { z } from 'zod';
import { errorMessage } from '../../../lib/api';
import { type FieldErrors, fieldErrorsOf, serverFieldErrors } from '../../../lib/form-errors';
import { afterSignIn } from '../../../lib/guards';
import { sessionFromAuthResponse, signIn } from '../../../lib/session';
import { Field, FormError } from '../../../ui/field';
import { useFocusFirstInvalid } from '../../../ui/use-focus-first-invalid';
import { register } from '../api/auth';

export const REGISTRATION_FAILED = 'Registration failed. Please try again.';
export const PASSWORD_HINT = 'Use 8 or more characters with a mix of letters, numbers & symbols';

/**
 * The contract's schema with the password only required: the length rule is the server's, the hint
 * stays advisory here (spec section 5, DECISIONS.md), and the server's refusal is shown as it comes.
 */
const RegisterForm = RegisterInput.extend({
  password: z.string().min(1, 'Password is required'),
});

/** Name, e-mail, contact and password; on success the user returns to the remembered page, else home. */
export function RegisterDetailsForm({ redirectTo }: { redirectTo: string | undefined }) {
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState({ name: '', email: '', contact: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [attempt, setAttempt] = useState(0);
  useFocusFirstInvalid(form, errors, attempt);

  const mutation = useMutation({
    mutationFn: register,
    onSuccess: (response) => {
      signIn(sessionFromAuthResponse(response));
      void navigate({ href: afterSignIn(redirectTo), replace: true });
    },
    onError: (error) => setErrors(serverFieldErrors(error)),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAttempt((count) => count + 1);
    mutation.reset();
    const parsed = RegisterForm.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setErrors({});
    mutation.mutate(parsed.data);
  }

  const set = (field: keyof typeof values) => (event: { currentTarget: HTMLInputElement }) => {
    const { value } = event.currentTarget;
    setValues((current) => ({ ...current, [field]: value }));
  };

  return (
    <form ref={form} className="form" onSubmit={onSubmit} noValidate aria-labelledby="register-title">
      <Field
        label="Name"
        name="name"
        autoComplete="name"
        required
        value={values.name}
        onChange={set('name')}
        error={errors.name}
      />
      <Field
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        required
        value={values.email}
        onChange={set('email')}
        error={errors.email}
      />
      <Field
        label="Contact"
        type="tel"
        name="contact"
        autoComplete="tel"
        placeholder="0300-1234567"
        required
        value={values.contact}
        onChange={set('contact')}
        error={errors.contact}
      />
      <Field
        label="Password"
        type="password"
        name="password"
        autoComplete="new-password"
        required
        hint={PASSWORD_HINT}
        value={values.password}
        onChange={set('password')}
        error={errors.password}
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
