import { Link, useNavigate } from '@tanstack/react-router';
import { z } from 'zod';
import { ApiError, errorMessage } from '../../../lib/api';
import { Field, FormError } from '../../../ui/field';
import { useZodForm } from '../../../ui/use-zod-form';
import { resetPassword } from '../api/auth';
import { PASSWORD_HINT } from './register-form';

export const RESET_FAILED = 'The password could not be changed. Please try again.';

/** As at registration: the password is only required here; its rules are the server's, shown as it says. */
const ResetForm = z.object({ password: z.string().min(1, 'Password is required') });

/** The new password for the account whose e-mailed link carried `token`; then on to sign-in. */
export function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const { formRef, mutation, field, onSubmit } = useZodForm({
    schema: ResetForm,
    initialValues: { password: '' },
    mutationFn: ({ password }) => resetPassword({ token, password }),
    onSuccess: () => void navigate({ to: '/login', search: { reset: 'done' }, replace: true }),
  });

  return (
    <form ref={formRef} className="form" onSubmit={onSubmit} noValidate aria-labelledby="reset-title">
      <Field
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        hint={PASSWORD_HINT}
        {...field('password')}
      />
      <FormError message={mutation.isError ? errorMessage(mutation.error, RESET_FAILED) : null} />
      {mutation.error instanceof ApiError && mutation.error.fieldMessage('token') && (
        <p className="form__aside">
          <Link to="/forgot-password">Ask for a new link</Link>
        </p>
      )}
      <button type="submit" className="button button--primary button--block" disabled={mutation.isPending}>
        {mutation.isPending ? 'Saving...' : 'Set new password'}
      </button>
    </form>
  );
}
