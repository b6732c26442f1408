import type { EmailVerifiedAnswer } from '@shop/contracts';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ApiError, errorMessage } from '../../../lib/api';
import { sessionStore } from '../../../lib/session';
import { FormError } from '../../../ui/field';
import { verifyEmail } from '../api/auth';
import '../../../ui/field.css';

export const VERIFY_FAILED = 'Your e-mail address could not be verified. Please try again.';
export const VERIFY_LINK_NOT_VALID = 'This link is not valid or has expired.';
export const VERIFY_LINK_INCOMPLETE = 'This link is incomplete. Open the link from the e-mail again.';

/**
 * `/verify-email?token=`: the link of a verification or claim e-mail. It acts only when the person
 * presses the button, never on load, so a mail scanner or a link preview cannot verify for her.
 */
export function VerifyEmailPage({ token }: { token: string | undefined }) {
  const verify = useMutation({
    mutationFn: () => verifyEmail(token ?? ''),
    onSuccess: (answer) => markVerified(answer),
  });
  const refused = verify.error instanceof ApiError && verify.error.status === 400;

  return (
    <section className="auth-page container" aria-labelledby="verify-title">
      <div className="auth-card">
        <h1 id="verify-title">Verify your e-mail address</h1>
        {verify.isSuccess ? (
          <div role="status">
            <p>
              <strong>{verify.data.message}</strong>
            </p>
            <p>
              {verify.data.outcome === 'claimed' ? (
                <Link to="/login">Sign in</Link>
              ) : (
                <Link to="/">Continue shopping</Link>
              )}
            </p>
          </div>
        ) : !token || refused ? (
          <>
            <p className="form-error" role="alert">
              {token ? errorMessage(verify.error, VERIFY_LINK_NOT_VALID) : VERIFY_LINK_INCOMPLETE}
            </p>
            <p>
              Signed in, you can ask for a new link on <Link to="/profile">your profile</Link>.
            </p>
          </>
        ) : (
          <>
            <p>Press the button to confirm that this e-mail address is yours.</p>
            <FormError message={verify.isError ? errorMessage(verify.error, VERIFY_FAILED) : null} />
            <button
              type="button"
              className="button button--primary"
              disabled={verify.isPending}
              onClick={() => verify.mutate()}
            >
              {verify.isPending ? 'Verifying...' : 'Yes, this address is mine'}
            </button>
          </>
        )}
      </div>
    </section>
  );
}

/** The signed-in user on this device, when it is the one verified, no longer sees the notice. */
function markVerified(answer: EmailVerifiedAnswer): void {
  const session = sessionStore.get();
  if (answer.outcome !== 'verified' || !session || session.user.email !== answer.email) return;
  sessionStore.set({ ...session, user: { ...session.user, emailVerified: true } });
}
