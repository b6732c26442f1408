import type { PaymentMethod, ShopInfo } from '@shop/contracts';
import { useId } from 'react';
import { ManualPaymentDetails } from '../../../ui/manual-payment-details';
import { SupportReach } from '../../../ui/support-contacts';

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
}

/** Cash on delivery, or a manual mobile-wallet / bank transfer with the shop's account details. */
export function PaymentMethods({ methods, support, value, onChange, unavailable }: PaymentMethodsProps) {
  const id = useId();
  const reasonId = `${id}-cod-reason`;
  const reach = <SupportReach support={support} />;
  const hasReach = Boolean(support.email || support.phone);
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
      {value === 'Card' && (
        <ManualPaymentDetails className="payment-note" accountsClassName="payment-note__accounts">
          <p>
            Pay by JazzCash, EasyPaisa or bank transfer to the account below, then share a screenshot of the
            payment with your order reference{hasReach ? <> at {reach}</> : ' with our support team'}. We mark
            your order paid once we have confirmed the payment.
          </p>
        </ManualPaymentDetails>
      )}
    </fieldset>
  );
}
