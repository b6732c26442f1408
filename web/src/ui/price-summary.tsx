import { fromMinor, type OrderPricing, type ShippingRule, shopConfig, toMinor } from '@shop/contracts';
import { formatMoney } from './money';
import './price-summary.css';

/** Subtotal, discount (when any), shipping and total rows; amounts in minor units. */
export function PriceSummary({ pricing }: { pricing: OrderPricing }) {
  const discountRate = `${Math.round(shopConfig.affiliateDiscountRate * 100)}%`;
  return (
    <dl className="price-summary">
      <div className="price-summary__row">
        <dt>Subtotal</dt>
        <dd>{formatMoney(fromMinor(pricing.itemsPrice))}</dd>
      </div>
      {pricing.discount > 0 && (
        <div className="price-summary__row price-summary__row--discount">
          <dt>Affiliate discount ({discountRate})</dt>
          <dd>−{formatMoney(fromMinor(pricing.discount))}</dd>
        </div>
      )}
      <div className="price-summary__row">
        <dt>Shipping</dt>
        <dd>{pricing.shippingPrice === 0 ? 'Free' : formatMoney(fromMinor(pricing.shippingPrice))}</dd>
      </div>
      <div className="price-summary__row price-summary__row--total">
        <dt>Total</dt>
        <dd>{formatMoney(fromMinor(pricing.totalPrice))}</dd>
      </div>
    </dl>
  );
}

/**
 * The free-shipping line, from the same configuration the rule uses: shipping is free when the
 * items subtotal is over the threshold.
 */
export function FreeShippingNote({ itemsPrice, shipping }: { itemsPrice: number; shipping: ShippingRule }) {
  const threshold = shipping.freeShippingOver;
  const subtotal = fromMinor(itemsPrice);
  if (subtotal > threshold) return <p className="free-shipping free-shipping--met">Your order ships free.</p>;
  return (
    <p className="free-shipping">
      Free shipping on orders over {formatMoney(threshold)}. Add more than{' '}
      {formatMoney(fromMinor(Math.max(0, toMinor(threshold) - itemsPrice)))} to ship free.
    </p>
  );
}
