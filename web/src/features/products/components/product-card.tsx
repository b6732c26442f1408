import { Link } from '@tanstack/react-router';
import { formatMoney } from '../../../ui/money';
import { productPath } from '../../../ui/paths';
import type { Product } from '../api/products';

type CardProduct = Pick<Product, 'id' | 'name' | 'image' | 'thumbnail' | 'price' | 'category'>;

/**
 * A compact product tile: image, category, name and price, all linking to the product page. Image
 * paths (`/uploads/...`, `/images/...`) are served by the API host, which is this origin.
 */
export function ProductCard({ product }: { product: CardProduct }) {
  const src = product.thumbnail || product.image;
  return (
    <article className="product-card">
      <Link to={productPath(product.id)} className="product-card__link">
        <div className="product-card__media">
          {src ? (
            <img src={src} alt="" loading="lazy" width={480} height={600} />
          ) : (
            <div className="product-card__placeholder" />
          )}
        </div>
        <div className="product-card__body">
          {product.category && <p className="product-card__category">{product.category}</p>}
          <h3 className="product-card__name">{product.name}</h3>
          <p className="product-card__price">{formatMoney(product.price)}</p>
        </div>
      </Link>
    </article>
  );
}
