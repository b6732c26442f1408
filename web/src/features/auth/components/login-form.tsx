import { LoginInput } from '@shop/contracts';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { type FieldErrors, fieldErrorsOf, serverFieldErrors } from '../../../lib/form-errors';
import { afterSignIn } from '../../../lib/guards';
import { sessionFromAuthResponse, signIn } from '../../../lib/session';
import { Field, FormError } from '../../../ui/field';
import { useFocusFirstInvalid } from '../../../ui/use-focus-first-invalid';
import { logIn } from '../api/auth';

export const LOGIN_FAILED = 'Login failed. Please try again.';

/** E-mail and password; on success the user returns to the remembered page, else home. */
export function LoginForm({ redirectTo }: { redirectTo: string | undefined }) {
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [attempt, setAttempt] = useState(0);
  useFocusFirstInvalid(form, errors, attempt);

  const mutation = useMutation({
    mutationFn: logIn,
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
    const parsed = LoginInput.safeParse(values);
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
    <form ref={form} className="form" onSubmit={onSubmit} noValidate aria-labelledby="login-title">
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
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={values.password}
        onChange={set('password')}
        error={errors.password}
      />
      <p className="form__aside">
        <Link to="/forgot-password">Forgot your password?</Link>
      </p>
      <FormError message={mutation.isError ? errorMessage(mutation.error, LOGIN_FAILED) : null} />
      <button type="submit" className="button button--primary button--block" disabled={mutation.isPending}>
        {mutation.isPending ? 'Signing in...' : 'Sign in'}
      </button>
      <p className="form__switch">
        New here?{' '}
        <Link to="/register" search={{ redirect: redirectTo }}>
          Create an account
        </Link>
      </p>
    </form>
  );
}
