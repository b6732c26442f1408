import type { EventData } from '@shop/contracts';
import type { Decider } from '../../platform/commands/handle-command';
import { badRequest, conflict, notFound } from '../../platform/errors';
import {
  type ExistingProduct,
  evolveProduct,
  initialProductState,
  type ProductDetails,
  type ProductEvent,
  type ProductState,
} from './product';

export type ReleaseReason = EventData<'StockReleased'>['reason'];

/** The product aggregate's commands. Prices are minor units; time comes in with the command. */
export type ProductCommand =
  | { type: 'CreateProduct'; productId: string; details: ProductDetails; countInStock: number; at: string }
  | { type: 'UpdateProduct'; productId: string; details: ProductDetails; countInStock: number; at: string }
  | { type: 'DeleteProduct'; productId: string; at: string }
  | { type: 'ReserveStock'; productId: string; orderId: string; qty: number; at: string }
  | {
      type: 'ReleaseStock';
      productId: string;
      orderId: string;
      qty: number;
      reason: ReleaseReason;
      at: string;
    };

type Command<T extends ProductCommand['type']> = Extract<ProductCommand, { type: T }>;

export const PRODUCT_NOT_FOUND = 'Product not found';
export const productNotFound = () => notFound(PRODUCT_NOT_FOUND);

function listed(state: ProductState): ExistingProduct {
  if (state.status !== 'listed') throw productNotFound();
  return state;
}

export function createProduct(command: Command<'CreateProduct'>, state: ProductState): ProductEvent[] {
  if (state.status !== 'absent') throw conflict('This product already exists.');
  const { productId, details, countInStock, at } = command;
  return [{ type: 'ProductCreated', data: { productId, ...details, countInStock, at } }];
}

/** The admin's stock value is the new absolute count of units for sale, whatever was reserved before. */
export function updateProduct(command: Command<'UpdateProduct'>, state: ProductState): ProductEvent[] {
  listed(state);
  const { productId, details, countInStock, at } = command;
  return [{ type: 'ProductUpdated', data: { productId, ...details, countInStock, at } }];
}

/** The product leaves the catalogue; its stream stays, so old orders still show their lines. */
export function deleteProduct(command: Command<'DeleteProduct'>, state: ProductState): ProductEvent[] {
  listed(state);
  return [{ type: 'ProductDeleted', data: { productId: command.productId, at: command.at } }];
}

/**
 * Takes `qty` units for an order. Refuses with 409 OUT_OF_STOCK when fewer are left, so stock never
 * goes below zero; refuses a deleted product with 409. Reserving again for an order that already
 * holds the same quantity changes nothing (a retried order), a different quantity is refused.
 */
export function reserveStock(command: Command<'ReserveStock'>, state: ProductState): ProductEvent[] {
  const { productId, orderId, qty, at } = command;
  if (!Number.isInteger(qty) || qty < 1)
    throw badRequest('Quantity must be a whole number of at least 1.', 'qty');
  if (state.status === 'absent') throw productNotFound();
  if (state.status === 'deleted') throw conflict(`"${state.name}" is no longer available.`);
  const held = state.reservations.get(orderId);
  if (held !== undefined) {
    if (held === qty) return [];
    throw conflict(`This order already holds ${held} of "${state.name}".`);
  }
  if (qty > state.countInStock) throw outOfStock(state.name, state.countInStock);
  return [{ type: 'StockReserved', data: { productId, orderId, qty, at } }];
}

/**
 * Gives back up to `qty` units an order holds (cancelled, refused or orphaned order), also for a
 * deleted product. Releasing for an order that holds nothing changes nothing, so a retried
 * cancellation or sweep never creates stock out of thin air.
 */
export function releaseStock(command: Command<'ReleaseStock'>, state: ProductState): ProductEvent[] {
  const { productId, orderId, qty, reason, at } = command;
  if (!Number.isInteger(qty) || qty < 1)
    throw badRequest('Quantity must be a whole number of at least 1.', 'qty');
  if (state.status === 'absent') throw productNotFound();
  const held = state.reservations.get(orderId) ?? 0;
  if (held === 0) return [];
  return [{ type: 'StockReleased', data: { productId, orderId, qty: Math.min(qty, held), reason, at } }];
}

/** Same wording as the order pricing check, so a shopper reads one message whichever step refuses. */
export function outOfStockMessage(name: string, inStock: number): string {
  return inStock <= 0 ? `"${name}" is out of stock.` : `Only ${inStock} of "${name}" left in stock.`;
}

const outOfStock = (name: string, inStock: number) =>
  conflict(outOfStockMessage(name, inStock), 'OUT_OF_STOCK');

export function decideProduct(command: ProductCommand, state: ProductState): ProductEvent[] {
  switch (command.type) {
    case 'CreateProduct':
      return createProduct(command, state);
    case 'UpdateProduct':
      return updateProduct(command, state);
    case 'DeleteProduct':
      return deleteProduct(command, state);
    case 'ReserveStock':
      return reserveStock(command, state);
    case 'ReleaseStock':
      return releaseStock(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`Unknown product command: ${JSON.stringify(unknown)}`);
    }
  }
}

export const productDecider: Decider<ProductState, ProductCommand, ProductEvent> = {
  initialState: initialProductState,
  evolve: evolveProduct,
  decide: decideProduct,
};
