import { ForgotPasswordInput } from '@shop/contracts';
import { errorMessage } from '../../../lib/api';
import { Field, FormError } from '../../../ui/field';
import { useZodForm } from '../../../ui/use-zod-form';
import { requestPasswordReset } from '../api/auth';

export const FORGOT_FAILED = 'We could not send the link. Please try again.';

/**
 * The e-mail to send a reset link to. The shop answers the same for every address, so the page
 * says what happens if an account uses it, never whether one does.
 */
export function ForgotPasswordForm() {
  const { formRef, mutation, field, onSubmit } = useZodForm({
    schema: ForgotPasswordInput,
    initialValues: { email: '' },
    mutationFn: requestPasswordReset,
  });

  if (mutation.isSuccess) {
    return (
      <p className="form-success" role="status">
        {mutation.data.message}
      </p>
    );
  }

  return (
    <form ref={formRef} className="form" onSubmit={onSubmit} noValidate aria-labelledby="forgot-title">
      <Field label="Email" type="email" autoComplete="email" required {...field('email')} />
      <FormError message={mutation.isError ? errorMessage(mutation.error, FORGOT_FAILED) : null} />
      <button type="submit" className="button button--primary button--block" disabled={mutation.isPending}>
        {mutation.isPending ? 'Sending...' : 'Send reset link'}
      </button>
    </form>
  );
}
