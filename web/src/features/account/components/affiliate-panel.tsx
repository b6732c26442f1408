import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { formatMoney } from '../../../ui/money';
import { myAffiliateQuery } from '../api/account';

/** The full tracking link for a code: this site's origin + `/?ref=CODE`. */
export const trackingLink = (path: string, origin = window.location.origin) => `${origin}${path}`;

/** The affiliate's status, code, copyable link, uses and commission; nothing until the user has applied. */
export function AffiliatePanel() {
  const mine = useQuery(myAffiliateQuery());
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (copied === 'idle') return;
    const timer = setTimeout(() => setCopied('idle'), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  if (!mine.data || mine.data.status === 'None') return null;
  const { status, code, link, useCount, commission } = mine.data;
  const url = link ? trackingLink(link) : null;

  async function copy() {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  }

  return (
    <section className="panel" aria-labelledby="affiliate-title">
      <h2 id="affiliate-title">Affiliate Programme</h2>
      <dl className="details">
        <div>
          <dt>Status</dt>
          <dd>{status}</dd>
        </div>
        {code && (
          <div>
            <dt>Code</dt>
            <dd>
              <code>{code}</code>
            </dd>
          </div>
        )}
        <div>
          <dt>Uses</dt>
          <dd>{useCount}</dd>
        </div>
        <div>
          <dt>Commission earned</dt>
          <dd>{formatMoney(commission.earned)}</dd>
        </div>
        <div>
          <dt>Commission pending</dt>
          <dd>{formatMoney(commission.pending)}</dd>
        </div>
      </dl>
      {url && (
        <div className="copy-row">
          <span className="muted">Your tracking link:</span>
          <code>{url}</code>
          <button type="button" className="button button--ghost" onClick={() => void copy()}>
            Copy Link
          </button>
          <span role="status">
            {copied === 'copied'
              ? 'Link copied!'
              : copied === 'failed'
                ? 'Copy failed; select the link instead.'
                : ''}
          </span>
        </div>
      )}
    </section>
  );
}
