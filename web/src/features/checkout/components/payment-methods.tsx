import type { PaymentMethod, ShopInfo } from '@shop/contracts';
import { useId } from 'react';
import { ManualPaymentDetails } from '../../../ui/manual-payment-details';

interface PaymentMethodsProps {
  /**
   * The methods offered (`GET /api/shop`'s, the transfer only with an account to pay into), less
   * cash on delivery when it is not available to this shopper.
   */
  methods: ShopInfo['paymentMethods'];
  support: ShopInfo['support'];
  value: PaymentMethod | undefined;
  onChange(method: PaymentMethod): void;
  /** Why cash on delivery is not offered (a past refusal limit); null while it is. */
  unavailable?: string | null;
  /** JazzCash's hosted checkout is offered on the order page once the order is placed. */
  jazzCash?: boolean;
}

/** Cash on delivery, or a manual mobile-wallet / bank transfer with the shop's account details. */
export function PaymentMethods({ methods, value, onChange, unavailable, jazzCash }: PaymentMethodsProps) {
  const id = useId();
  const reasonId = `${id}-cod-reason`;
  const transfer = methods.find((m) => m.method === 'Card');
  const hasAccounts =
    transfer?.method === 'Card' && Object.values(transfer.accounts).some((value) => value !== null);
  return (
    <fieldset
      className="checkout-section payment-methods"
      aria-describedby={unavailable ? reasonId : undefined}
    >
      <legend>Payment method</legend>
      {unavailable && (
        <p id={reasonId} className="form-error" role="alert">
          {unavailable}
        </p>
      )}
      {methods.map(({ method, label }) => (
        <label key={method} className="payment-option" data-checked={value === method}>
          <input
            type="radio"
            name={`${id}-payment`}
            value={method}
            checked={value === method}
            onChange={() => onChange(method)}
          />
          <span>{label}</span>
        </label>
      ))}
      {value === 'Card' && jazzCash && (
        <p className="payment-note">
          Pay online with JazzCash (wallet or card) on JazzCash's own page, right after you place the order.
        </p>
      )}
      {value === 'Card' && hasAccounts && (
        <ManualPaymentDetails className="payment-note" accountsClassName="payment-note__accounts">
          <p>
            {jazzCash ? 'Or pay' : 'Pay'} by JazzCash, EasyPaisa or bank transfer to the account below, then
            send its transaction ID and a screenshot from your order page. We mark your order paid once we
            have found the payment.
          </p>
        </ManualPaymentDetails>
      )}
    </fieldset>
  );
}
