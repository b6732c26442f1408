import type { ShippingRule } from '@shop/contracts';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { type CartLine, cartStore, cartSubtotal, lineKey, NO_SIZE, useCart } from '../../../lib/cart';
import { priceCart } from '../../../lib/cart-pricing';
import { useShopInfo } from '../../../lib/shop-info';
import { EmptyState } from '../../../ui/empty-state';
import { formatMoney } from '../../../ui/money';
import { FreeShippingNote, PriceSummary } from '../../../ui/price-summary';
import { QuantityStepper } from '../../../ui/quantity-stepper';
import './cart.css';

const sizeText = (size: string) => (size === NO_SIZE ? '—' : size);
const lineName = (line: CartLine) => (line.size === NO_SIZE ? line.name : `${line.name} (${line.size})`);

/**
 * The cart: lines with steppers and remove, Clear Cart (with Undo), the summary and the way on to
 * checkout.
 */
export function CartPage() {
  const cart = useCart();
  const shop = useShopInfo();
  // What Clear Cart took away, until the shopper undoes it or adds something new.
  const [cleared, setCleared] = useState<readonly CartLine[] | null>(null);
  const clearCart = () => {
    setCleared(cart.lines);
    cart.clear();
  };

  if (cart.lines.length === 0) {
    return (
      <section className="cart-page container" aria-labelledby="cart-title">
        <h1 id="cart-title">Shopping Cart</h1>
        {cleared && (
          <p className="notice" role="status">
            Your cart was cleared.{' '}
            <button
              type="button"
              className="button button--ghost"
              onClick={() => {
                cartStore.set([...cleared]);
                setCleared(null);
              }}
            >
              Undo
            </button>
          </p>
        )}
        <EmptyState title="Your Cart is Empty" text="Find something you love in our collection.">
          <Link to="/shopping" className="button button--primary">
            Browse Products
          </Link>
        </EmptyState>
      </section>
    );
  }

  return (
    <section className="cart-page container" aria-labelledby="cart-title">
      <h1 id="cart-title">Shopping Cart</h1>
      <div className="cart-page__layout">
        <div className="cart-page__lines">
          <table className="cart-table">
            <caption className="visually-hidden">Items in your cart</caption>
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">Size</th>
                <th scope="col">Quantity</th>
                <th scope="col">Price</th>
                <th scope="col">
                  <span className="visually-hidden">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {cart.lines.map((line) => {
                const key = lineKey(line);
                return (
                  <tr key={key} className="cart-line">
                    <th scope="row">
                      <div className="cart-line__product">
                        {line.image ? (
                          <img src={line.image} alt={line.name} width={72} height={90} />
                        ) : (
                          <span className="cart-line__placeholder" role="img" aria-label={line.name} />
                        )}
                        <Link to="/product/$id" params={{ id: line.product }} className="cart-line__name">
                          {line.name}
                        </Link>
                        <span className="cart-line__unit muted">{formatMoney(line.price)} each</span>
                      </div>
                    </th>
                    <td data-label="Size">{sizeText(line.size)}</td>
                    <td data-label="Quantity">
                      <QuantityStepper
                        value={line.qty}
                        max={line.countInStock}
                        onChange={(qty) => cart.setQty(key, qty)}
                        label={`Quantity of ${lineName(line)}`}
                      />
                    </td>
                    <td data-label="Price" className="cart-line__total">
                      {formatMoney(cartSubtotal([line]))}
                    </td>
                    <td className="cart-line__remove">
                      <button
                        type="button"
                        className="button button--ghost button--small"
                        aria-label={`Remove ${lineName(line)}`}
                        onClick={() => cart.remove(key)}
                      >
                        Remove
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <div className="cart-page__actions">
            <button type="button" className="button button--ghost" onClick={clearCart}>
              Clear Cart
            </button>
            <Link to="/shopping" className="button button--ghost">
              Continue Shopping
            </Link>
          </div>
        </div>

        <aside className="order-box" aria-labelledby="cart-summary-title">
          <h2 id="cart-summary-title">Order Summary</h2>
          {shop ? (
            <CartTotals lines={cart.lines} shipping={shop} />
          ) : (
            <p className="muted" role="status">
              Working out shipping…
            </p>
          )}
          <Link to="/checkout" className="button button--primary button--large button--block">
            Proceed to Checkout
          </Link>
        </aside>
      </div>
    </section>
  );
}

/** The cart's summary and how far it is from free shipping, by the shop's configured rule. */
function CartTotals({ lines, shipping }: { lines: readonly CartLine[]; shipping: ShippingRule }) {
  const pricing = priceCart(lines, shipping);
  return (
    <>
      <PriceSummary pricing={pricing} />
      <FreeShippingNote itemsPrice={pricing.itemsPrice} shipping={shipping} />
    </>
  );
}
