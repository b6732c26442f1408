import { type PaymentMethod, shopConfig } from '@shop/contracts';
import { useId } from 'react';
import { ManualPaymentDetails } from '../../../ui/manual-payment-details';
import { PAYMENT_METHOD_LABELS } from '../../../ui/payment-labels';

interface PaymentMethodsProps {
  value: PaymentMethod;
  onChange(method: PaymentMethod): void;
}

/** Cash on delivery, or a manual mobile-wallet / bank transfer with the shop's account details. */
export function PaymentMethods({ value, onChange }: PaymentMethodsProps) {
  const id = useId();
  const { support } = shopConfig;
  return (
    <fieldset className="checkout-section payment-methods">
      <legend>Payment method</legend>
      {(['COD', 'Card'] as const).map((method) => (
        <label key={method} className="payment-option" data-checked={value === method}>
          <input
            type="radio"
            name={`${id}-payment`}
            value={method}
            checked={value === method}
            onChange={() => onChange(method)}
          />
          <span>{PAYMENT_METHOD_LABELS[method]}</span>
        </label>
      ))}
      {value === 'Card' && (
        <ManualPaymentDetails className="payment-note" accountsClassName="payment-note__accounts">
          <p>
            Pay by JazzCash, EasyPaisa or bank transfer to the account below, then share a screenshot of the
            payment with your order number at <a href={`mailto:${support.email}`}>{support.email}</a> or{' '}
            <a href={`tel:${support.phone.replaceAll(' ', '')}`}>{support.phone}</a>. We mark your order paid
            once we have confirmed the payment.
          </p>
        </ManualPaymentDetails>
      )}
    </fieldset>
  );
}
