import { LoginInput } from '@shop/contracts';
import { Link, useNavigate } from '@tanstack/react-router';
import { errorMessage } from '../../../lib/api';
import { afterSignIn } from '../../../lib/guards';
import { sessionFromAuthResponse, signIn } from '../../../lib/session';
import { Field, FormError } from '../../../ui/field';
import { useZodForm } from '../../../ui/use-zod-form';
import { logIn } from '../api/auth';

export const LOGIN_FAILED = 'Login failed. Please try again.';

/** E-mail and password; on success the user returns to the remembered page, else home. */
export function LoginForm({ redirectTo }: { redirectTo: string | undefined }) {
  const navigate = useNavigate();
  const { formRef, mutation, field, onSubmit } = useZodForm({
    schema: LoginInput,
    initialValues: { email: '', password: '' },
    mutationFn: logIn,
    onSuccess: (response) => {
      signIn(sessionFromAuthResponse(response));
      void navigate({ href: afterSignIn(redirectTo), replace: true });
    },
  });

  return (
    <form ref={formRef} className="form" onSubmit={onSubmit} noValidate aria-labelledby="login-title">
      <Field label="Email" type="email" autoComplete="email" required {...field('email')} />
      <Field
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        {...field('password')}
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
