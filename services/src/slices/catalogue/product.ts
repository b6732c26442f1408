import {
  derivedFromVariants,
  type EventData,
  type Minor,
  type ProductOption,
  type Size,
  type StockBySize,
  type StoredVariant,
  sizeOfVariant,
} from '@shop/contracts';
import { Reservations } from './reservations';

/** The product aggregate's events, as a tagged union. One stream per product: `product-{id}`. */
export type ProductEvent =
  | { type: 'ProductCreated'; data: EventData<'ProductCreated'> }
  | { type: 'ProductUpdated'; data: EventData<'ProductUpdated'> }
  | { type: 'ProductDeleted'; data: EventData<'ProductDeleted'> }
  | { type: 'StockReserved'; data: EventData<'StockReserved'> }
  | { type: 'StockReleased'; data: EventData<'StockReleased'> };

/** What an admin edits: the fields of ProductCreated/ProductUpdated, money in minor units. */
export interface ProductDetails {
  name: string;
  description: string;
  category: string;
  price: Minor;
  originalPrice: Minor | null;
  image: string;
  thumbnail: string;
  sizes: Size[];
  isFeatured: boolean;
}

/** A product that exists; `deleted` products keep their history (old orders still show them). */
export interface ExistingProduct extends ProductDetails {
  status: 'listed' | 'deleted';
  productId: string;
  /**
   * Units that can still be sold: the admin's last count, minus reservations, plus releases; the sum
   * of `stockBySize` when the product has sizes.
   */
  countInStock: number;
  /** The same per size, one entry per size of `sizes`; `{}` without sizes. */
  stockBySize: StockBySize;
  /** Up to 3 options; a Size option is what `sizes` lists. */
  options: ProductOption[];
  /** One per combination on sale, each with its units; the counts above are their sums. */
  variants: StoredVariant[];
  /** Units each order still holds of each size (see `holdKey`), so a release never gives back more than was taken. */
  reservations: Reservations;
  createdAt: string;
  /** When the admin last saved it (stock movements do not count). */
  updatedAt: string;
}

export type ProductState = { status: 'absent' } | ExistingProduct;

export const initialProductState = (): ProductState => ({ status: 'absent' });

/** Folds one event into the product's state. Pure. */
export function evolveProduct(state: ProductState, event: ProductEvent): ProductState {
  switch (event.type) {
    case 'ProductCreated':
    case 'ProductUpdated': {
      const { productId, countInStock, stockBySize, at, ...details } = event.data;
      const before = state.status === 'absent' ? { reservations: Reservations.none, createdAt: at } : state;
      return {
        status: 'listed',
        productId,
        ...details,
        countInStock,
        stockBySize,
        reservations: before.reservations,
        createdAt: before.createdAt,
        updatedAt: at,
      };
    }
    case 'ProductDeleted':
      return state.status === 'absent' ? state : { ...state, status: 'deleted' };
    case 'StockReserved':
      return state.status === 'absent' ? state : moveStock(state, event.data, event.data.qty);
    case 'StockReleased':
      return state.status === 'absent' ? state : moveStock(state, event.data, -event.data.qty);
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

/** The size a stock event moved; one from before stock per size (null) moved the first size's units. */
function sizeMoved(product: Pick<ExistingProduct, 'sizes'>, size: Size | '' | null): Size | '' {
  return size ?? product.sizes[0] ?? '';
}

/** Where an order's hold of one size is kept; the order id alone for a product without sizes. */
export const holdKey = (orderId: string, size: Size | ''): string =>
  size === '' ? orderId : `${orderId}#${size}`;

/** The variant an order line of this size picks out: the only one of that size (or the only one, without sizes). */
export function variantOfSize(
  product: Pick<ExistingProduct, 'variants'>,
  size: Size | '',
): StoredVariant | undefined {
  const ofSize = product.variants.filter((variant) => sizeOfVariant(variant) === size);
  return ofSize.length === 1 ? ofSize[0] : undefined;
}

/**
 * `held` more units held by the order (fewer when negative), taken from or given back to the
 * variant the size picks out, or the one variant of a product without sizes. A size the product no
 * longer offers, or no longer picks out one variant of (the sizeless count of a product that since
 * got sizes, a size that since came in colours), only changes the hold: the admin's later counts are
 * absolute, and nobody can buy that size as it was.
 */
function moveStock(
  state: ExistingProduct,
  event: { orderId: string; size: Size | '' | null },
  held: number,
): ExistingProduct {
  const size = sizeMoved(state, event.size);
  const reservations = state.reservations.holding(holdKey(event.orderId, size), held);
  const moved = variantOfSize(state, size);
  if (!moved) return { ...state, reservations };
  const variants = state.variants.map((variant) =>
    variant === moved ? { ...variant, stock: variant.stock - held } : variant,
  );
  const { countInStock, stockBySize } = derivedFromVariants(state.options, variants);
  return { ...state, variants, stockBySize, countInStock, reservations };
}
