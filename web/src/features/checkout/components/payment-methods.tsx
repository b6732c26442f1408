import type { PaymentMethod, ShopInfo } from '@shop/contracts';
import { useId } from 'react';
import { ManualPaymentDetails } from '../../../ui/manual-payment-details';
import { SupportReach } from '../../../ui/support-contacts';

interface PaymentMethodsProps {
  /** The methods the shop takes now (`GET /api/shop`): the transfer only with an account to pay into. */
  shop: Pick<ShopInfo, 'paymentMethods' | 'support'>;
  value: PaymentMethod;
  onChange(method: PaymentMethod): void;
}

/** Cash on delivery, or a manual mobile-wallet / bank transfer with the shop's account details. */
export function PaymentMethods({ shop, value, onChange }: PaymentMethodsProps) {
  const id = useId();
  const reach = <SupportReach support={shop.support} />;
  const hasReach = Boolean(shop.support.email || shop.support.phone);
  return (
    <fieldset className="checkout-section payment-methods">
      <legend>Payment method</legend>
      {shop.paymentMethods.map(({ method, label }) => (
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
