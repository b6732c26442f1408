import { manualPaymentAccounts } from '@shop/contracts';
import type { ReactNode } from 'react';
import { useShopInfo } from '../lib/shop-info';

interface ManualPaymentDetailsProps {
  /** What to do with the money, as the screen words it (before or after the order is placed). */
  children: ReactNode;
  className?: string;
  /** The account list's class, so it can take the look of the screen it sits on. */
  accountsClassName: string;
}

/**
 * The instructions for a mobile-wallet or bank transfer, then the shop's account title, JazzCash,
 * EasyPaisa, bank IBAN and Raast ID as configured (`GET /api/shop`); an account not configured is
 * not listed.
 */
export function ManualPaymentDetails({ children, className, accountsClassName }: ManualPaymentDetailsProps) {
  const shop = useShopInfo();
  const accounts = shop && manualPaymentAccounts(shop);
  const rows: readonly [term: string, value: string | null][] = accounts
    ? [
        ['Account title', accounts.accountTitle],
        ['JazzCash', accounts.jazzCash],
        ['EasyPaisa', accounts.easyPaisa],
        ['Bank account (IBAN)', accounts.bankIban],
        ['Raast ID', accounts.raastId],
      ]
    : [];
  return (
    <div className={className}>
      {children}
      <dl className={accountsClassName}>
        {rows.map(([term, value]) =>
          value ? (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ) : null,
        )}
      </dl>
    </div>
  );
}
