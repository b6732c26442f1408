import { shopConfig } from '@shop/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { errorMessage } from '../../../lib/api';
import { affiliateKeys } from '../../../lib/query-keys';
import { myAffiliateQuery, requestAffiliate } from '../api/account';
import '../../../ui/account.css';
import '../../../ui/field.css';

export const AFFILIATE_FAILED = 'Your request could not be submitted. Please try again.';

/**
 * A message counts as success if it contains the word 'submitted'
 * (docs/rules/reviews-and-affiliates.md#request-message).
 */
export const isSubmittedMessage = (message: string) => /submitted/i.test(message);

/**
 * 'Become an Affiliate': the user's current status read from the server (so it survives a reload), the
 * outcome message, and the one button only while applying makes sense (never pending, never approved).
 */
export function AffiliateRequestPage() {
  const queryClient = useQueryClient();
  const mine = useQuery(myAffiliateQuery());
  const mutation = useMutation({
    mutationFn: requestAffiliate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: affiliateKeys.mine() }),
  });

  const message = mutation.isSuccess
    ? (mutation.data.message ?? `Request submitted! Status: ${mutation.data.status}`)
    : mutation.isError
      ? errorMessage(mutation.error, AFFILIATE_FAILED)
      : null;
  const status = mine.data && mine.data.status !== 'None' ? mine.data.status : null;
  // A pending or approved request is not asked again: the server would only refuse it.
  const canApply = !mine.isPending && status !== 'Pending' && status !== 'Approved';
  const rate = `${Math.round(shopConfig.affiliateCommissionRate * 100)}%`;

  return (
    <section className="account-page container" aria-labelledby="affiliate-title">
      <div className="panel">
        <h1 id="affiliate-title">Become an Affiliate</h1>
        <p>
          Share the shop and earn. You need to have submitted at least one product review before you apply.
          Once we approve your request you get a unique tracking link: anyone who shops through it gets{' '}
          {Math.round(shopConfig.affiliateDiscountRate * 100)}% off.
        </p>
        {status && (
          <p>
            Your current status: <strong>{status}</strong>
            {status === 'Pending' && <> · we are reviewing your request and will let you know</>}
            {status === 'Approved' && (
              <>
                {' '}
                · see your link and commission on your <Link to="/profile">profile</Link>
              </>
            )}
            {status === 'Rejected' && <> · you may apply again</>}
          </p>
        )}
        {message &&
          (isSubmittedMessage(message) ? (
            <p className="form-success" role="status">
              {message}
            </p>
          ) : (
            <p className="form-error" role="alert">
              {message}
            </p>
          ))}
        {canApply && (
          <button
            type="button"
            className="button button--primary"
            disabled={mutation.isPending}
            onClick={() => mutation.mutate()}
          >
            {mutation.isPending ? 'Processing Request...' : 'Submit Affiliate Request'}
          </button>
        )}
        <p className="muted">Earn up to {rate} commission on every referral sale</p>
      </div>
    </section>
  );
}
