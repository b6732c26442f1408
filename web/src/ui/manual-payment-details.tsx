import { shopConfig } from '@shop/contracts';
import type { ReactNode } from 'react';

interface ManualPaymentDetailsProps {
  /** What to do with the money, as the screen words it (before or after the order is placed). */
  children: ReactNode;
  className?: string;
  /** The account list's class, so it can take the look of the screen it sits on. */
  accountsClassName: string;
}

/**
 * The instructions for a mobile-wallet or bank transfer, then the shop's account title, JazzCash,
 * EasyPaisa and bank account numbers from the shop's configuration.
 */
export function ManualPaymentDetails({ children, className, accountsClassName }: ManualPaymentDetailsProps) {
  const { manualPayment } = shopConfig;
  const accounts: readonly [term: string, value: string][] = [
    ['Account title', manualPayment.accountTitle],
    ['JazzCash', manualPayment.jazzCash],
    ['EasyPaisa', manualPayment.easyPaisa],
    ['Bank account', manualPayment.bankAccount],
  ];
  return (
    <div className={className}>
      {children}
      <dl className={accountsClassName}>
        {accounts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
