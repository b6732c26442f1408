import { useMutation } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { FormError } from '../../../ui/field';
import { resendVerification } from '../api/auth';

export const RESEND_FAILED = 'The link could not be sent. Please try again.';

/**
 * Shown while the signed-in user's address is unverified: until she opens the link, the shop sends
 * her no order e-mails (cash on delivery is confirmed on the order's page or by phone instead).
 */
export function VerifyEmailNotice() {
  const session = useSession();
  const resend = useMutation({ mutationFn: resendVerification });
  if (!session || session.user.emailVerified) return null;
  return (
    <section className="panel" aria-labelledby="verify-notice-title">
      <h2 id="verify-notice-title">Verify your e-mail address</h2>
      <p>
        We sent a link to {session.user.email}. Until you open it, we send you no e-mails about your orders;
        confirm a cash-on-delivery order on its page.
      </p>
      {resend.isSuccess ? (
        <p role="status">{resend.data.message}</p>
      ) : (
        <>
          <FormError message={resend.isError ? errorMessage(resend.error, RESEND_FAILED) : null} />
          <button
            type="button"
            className="button"
            disabled={resend.isPending}
            onClick={() => resend.mutate()}
          >
            {resend.isPending ? 'Sending...' : 'Send the link again'}
          </button>
        </>
      )}
    </section>
  );
}
