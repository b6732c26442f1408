import { shopConfig, unitsOfSize } from '@shop/contracts';
import { useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { NO_SIZE, useCart } from '../../../../lib/cart';
import { formatMoney } from '../../../../ui/money';
import { QuantityStepper } from '../../../../ui/quantity-stepper';
import { ProductRating } from '../../../../ui/stars';
import type { Product } from '../../api/products';
import '../../../../ui/field.css';
import './product-detail.css';

export const SELECT_SIZE_FIRST = 'Please select a size before adding to cart';

/** What a size option says beside its name: sold out, or how few are left. */
function sizeAvailability(units: number): string | undefined {
  if (units <= 0) return 'Sold out';
  return units < shopConfig.lowStockUnder ? `Only ${units} left` : undefined;
}

/**
 * The product: image, category, name, rating, price (the original struck through), stock, and the
 * size, quantity and Add to Cart controls. Each size says when it is sold out (and cannot be chosen)
 * or how few are left; the quantity is capped by the chosen size's stock. Without a size (when sizes
 * exist) the button stays dimmed but focusable, and pressing it explains why instead of doing nothing.
 */
export function ProductDetail({ product }: { product: Product }) {
  const id = useId();
  const navigate = useNavigate();
  const cart = useCart();
  const [size, setSize] = useState<string | null>(null);
  const [qty, setQty] = useState(1);
  const [sizeAlert, setSizeAlert] = useState(false);
  const inStock = product.countInStock > 0;
  const needsSize = product.sizes.length > 0 && size === null;
  /** Units the quantity may reach: the chosen size's, or the most any size has until one is chosen. */
  const available =
    size === null && product.sizes.length > 0
      ? Math.max(...product.sizes.map((option) => unitsOfSize(product, option)))
      : unitsOfSize(product, size ?? NO_SIZE);
  const shown = size === null ? product.countInStock : available;
  const lowStock = inStock && shown < shopConfig.lowStockUnder;

  function addToCart() {
    if (!inStock) return;
    if (needsSize) {
      setSizeAlert(true);
      return;
    }
    cart.add({
      product: product.id,
      name: product.name,
      image: product.thumbnail || product.image,
      price: product.price,
      countInStock: available,
      qty,
      size: size ?? NO_SIZE,
    });
    void navigate({ to: '/cart' });
  }

  return (
    <article className="product-detail" aria-labelledby={`${id}-name`}>
      <div className="product-detail__media">
        {product.image ? (
          <img src={product.image} alt={product.name} width={960} height={1200} />
        ) : (
          <div className="product-card__placeholder" role="img" aria-label={product.name} />
        )}
      </div>
      <div className="product-detail__info">
        <p className="eyebrow">{product.category}</p>
        <h1 id={`${id}-name`} className="product-detail__name">
          {product.name}
        </h1>
        <p className="product-detail__rating">
          <ProductRating product={product} />
          {product.numReviews > 0 && (
            <span className="muted">
              {product.numReviews} {product.numReviews === 1 ? 'review' : 'reviews'}
            </span>
          )}
        </p>
        <p className="product-detail__price">
          <span>{formatMoney(product.price)}</span>
          {product.originalPrice != null && product.originalPrice > product.price && (
            <s className="product-detail__was">
              <span className="visually-hidden">was </span>
              {formatMoney(product.originalPrice)}
            </s>
          )}
        </p>
        <p className="product-detail__stock" data-stock={inStock ? (lowStock ? 'low' : 'ok') : 'none'}>
          {!inStock
            ? 'Out of stock'
            : size === null
              ? `${shown} in stock`
              : `${shown} in stock in size ${size}`}
        </p>
        <p className="product-detail__description">{product.description}</p>

        {product.sizes.length > 0 && (
          <fieldset className="size-picker">
            <legend>Size</legend>
            <div className="size-picker__options">
              {product.sizes.map((option) => {
                const units = unitsOfSize(product, option);
                const note = sizeAvailability(units);
                const noteId = `${id}-size-${option}`;
                return (
                  <div key={option} className="size-picker__choice" data-sold-out={units <= 0 || undefined}>
                    <label className="size-picker__option">
                      <input
                        type="radio"
                        name={`${id}-size`}
                        value={option}
                        checked={size === option}
                        disabled={units <= 0}
                        aria-describedby={note ? noteId : undefined}
                        onChange={() => {
                          setSize(option);
                          setQty((current) => Math.min(current, Math.max(1, units)));
                          setSizeAlert(false);
                        }}
                      />
                      <span>{option}</span>
                    </label>
                    {note && (
                      <span id={noteId} className="size-picker__note">
                        {note}
                      </span>
                    )}
                  </div>
                );
              })}
            </div>
          </fieldset>
        )}

        {inStock && (
          <div className="product-detail__qty">
            <span className="field__label" id={`${id}-qty`}>
              Quantity
            </span>
            <QuantityStepper value={qty} max={available} onChange={setQty} label="Quantity" />
          </div>
        )}

        {sizeAlert && (
          <div className="form-error" role="alert">
            {SELECT_SIZE_FIRST}
          </div>
        )}

        <button
          type="button"
          className="button button--primary button--large product-detail__add"
          disabled={!inStock}
          aria-disabled={needsSize || undefined}
          data-dimmed={needsSize || undefined}
          onClick={addToCart}
        >
          {inStock ? 'Add to Cart' : 'Out of Stock'}
        </button>
      </div>
    </article>
  );
}
