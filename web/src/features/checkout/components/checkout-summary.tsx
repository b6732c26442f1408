import type { OrderPricing } from '@shop/contracts';
import { type CartLine, cartSubtotal, lineKey, NO_SIZE } from '../../../lib/cart';
import { formatMoney } from '../../../ui/money';
import { PriceSummary } from '../../../ui/price-summary';

/** The order as it will be placed: lines, discount, shipping, total, and the duties note. */
export function CheckoutSummary({ lines, pricing }: { lines: readonly CartLine[]; pricing: OrderPricing }) {
  return (
    <aside className="order-box" aria-labelledby="checkout-summary-title">
      <h2 id="checkout-summary-title">Order Summary</h2>
      <ul className="checkout-lines">
        {lines.map((line) => (
          <li key={lineKey(line)} className="checkout-line">
            <span className="checkout-line__name">
              {line.name}
              <span className="muted">
                {line.size === NO_SIZE ? '' : ` · ${line.size}`} × {line.qty}
              </span>
            </span>
            <span className="checkout-line__total">{formatMoney(cartSubtotal([line]))}</span>
          </li>
        ))}
      </ul>
      <PriceSummary pricing={pricing} />
      <p className="checkout-note muted">The total includes all duties and taxes.</p>
    </aside>
  );
}
