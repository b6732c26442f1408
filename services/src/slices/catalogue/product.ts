import type { EventData, Minor, Size } from '@shop/contracts';
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
  /** Units that can still be sold: the admin's last count, minus reservations, plus releases. */
  countInStock: number;
  /** Units each order still holds, so a release never gives back more than was taken. */
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
      const { productId, countInStock, at, ...details } = event.data;
      const before = state.status === 'absent' ? { reservations: Reservations.none, createdAt: at } : state;
      return {
        status: 'listed',
        productId,
        ...details,
        countInStock,
        reservations: before.reservations,
        createdAt: before.createdAt,
        updatedAt: at,
      };
    }
    case 'ProductDeleted':
      return state.status === 'absent' ? state : { ...state, status: 'deleted' };
    case 'StockReserved': {
      if (state.status === 'absent') return state;
      const { orderId, qty } = event.data;
      return {
        ...state,
        countInStock: state.countInStock - qty,
        reservations: state.reservations.holding(orderId, qty),
      };
    }
    case 'StockReleased': {
      if (state.status === 'absent') return state;
      const { orderId, qty } = event.data;
      return {
        ...state,
        countInStock: state.countInStock + qty,
        reservations: state.reservations.holding(orderId, -qty),
      };
    }
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
