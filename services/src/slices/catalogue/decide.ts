import {
  combinationKey,
  derivedFromVariants,
  type EventData,
  type Minor,
  type OptionValues,
  type ProductOption,
  productStock,
  SIZES,
  type Size,
  type StockBySize,
  type StoredVariant,
  variantsFromSizes,
} from '@shop/contracts';
import type { Decider } from '../../platform/commands/handle-command';
import { badRequest, conflict, notFound } from '../../platform/errors';
import {
  type ExistingProduct,
  evolveProduct,
  holdKey,
  initialProductState,
  type ProductDetails,
  type ProductEvent,
  type ProductState,
  variantOfSize,
} from './product';

export type ReleaseReason = EventData<'StockReleased'>['reason'];

/** The size of a line: one of the product's sizes, `''` for a product without sizes. */
export type LineSize = Size | '';

/**
 * The stock an admin sets: per size for a product with sizes (`countInStock` is then their sum and
 * what was given for it is ignored), one count without.
 */
export interface StockInput {
  countInStock?: number;
  stockBySize?: StockBySize;
}

/** A variant as the admin gives it, money in minor units; no `stock` on an edit keeps its units. */
export interface VariantDraft {
  sku: string | null;
  options: OptionValues;
  price: Minor;
  originalPrice: Minor | null;
  stock?: number;
}

/**
 * Options and variants as the admin gives them (checked by `optionAndVariantIssues`), with a fresh
 * id for each variant in case it is new. Without them, the product's sizes and stock make its
 * variants, one per size.
 */
export interface VariantsInput {
  options?: ProductOption[];
  variants?: VariantDraft[];
  freshVariantIds?: string[];
}

/** The product aggregate's commands. Prices are minor units; time comes in with the command. */
export type ProductCommand =
  | ({ type: 'CreateProduct'; productId: string; details: ProductDetails; at: string } & StockInput &
      VariantsInput)
  | ({ type: 'UpdateProduct'; productId: string; details: ProductDetails; at: string } & StockInput &
      VariantsInput)
  | { type: 'DeleteProduct'; productId: string; at: string }
  /** `size` as the order line has it: one of the product's sizes, `''` for a product without sizes. */
  | { type: 'ReserveStock'; productId: string; orderId: string; size: string; qty: number; at: string }
  | {
      type: 'ReleaseStock';
      productId: string;
      orderId: string;
      /** The size to give back first (as the order line has it); the order's other holds of the product follow. */
      size?: string;
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
  return [{ type: 'ProductCreated', data: productData(command, []) }];
}

/**
 * The admin's stock value is the new absolute count of units for sale, whatever was reserved before;
 * a variant given without stock keeps its units. A variant whose option values match one the product
 * has keeps that one's id (so its history and reservations follow it); the others get fresh ids.
 */
export function updateProduct(command: Command<'UpdateProduct'>, state: ProductState): ProductEvent[] {
  const product = listed(state);
  return [{ type: 'ProductUpdated', data: productData(command, product.variants, product.options) }];
}

/** The data of ProductCreated/ProductUpdated: the variants with their ids, and what derives from them. */
function productData(
  command: Command<'CreateProduct' | 'UpdateProduct'>,
  existing: readonly StoredVariant[],
  existingOptions: readonly ProductOption[] = [],
): EventData<'ProductCreated'> {
  const { productId, details, at } = command;
  const { options, variants } = command.variants
    ? { options: command.options ?? [], variants: withIds(command, command.variants) }
    : variantsFromSizes({
        productId,
        ...details,
        ...productStock({ ...command, ...details }),
      });
  const previous = new Map(existing.map((variant) => [combinationKey(options, variant.options), variant]));
  // The same options in any order: reordering them changes no variant, adding or dropping one does.
  const namesOf = (list: readonly ProductOption[]) =>
    list
      .map((option) => option.name)
      .sort()
      .join('\n');
  const sameOptionNames = namesOf(existingOptions) === namesOf(options);
  const kept = variants.map((variant) => {
    const match = sameOptionNames ? previous.get(combinationKey(options, variant.options)) : undefined;
    if (!match) return variant;
    const given = command.variants ? command.variants[variants.indexOf(variant)]?.stock : variant.stock;
    return { ...variant, id: match.id, stock: given ?? match.stock };
  });
  const derived = derivedFromVariants(options, kept);
  return { productId, ...details, ...derived, options, variants: kept, at };
}

function withIds(
  command: VariantsInput & { productId: string },
  drafts: readonly VariantDraft[],
): StoredVariant[] {
  return drafts.map((draft, index) => {
    const id = command.freshVariantIds?.[index];
    if (id === undefined) throw new Error(`No fresh id for variant ${index} of product ${command.productId}`);
    return {
      id,
      sku: draft.sku,
      options: draft.options,
      price: draft.price,
      originalPrice: draft.originalPrice,
      stock: draft.stock ?? 0,
    };
  });
}

/** The product leaves the catalogue; its stream stays, so old orders still show their lines. */
export function deleteProduct(command: Command<'DeleteProduct'>, state: ProductState): ProductEvent[] {
  listed(state);
  return [{ type: 'ProductDeleted', data: { productId: command.productId, at: command.at } }];
}

/**
 * Takes `qty` units of one size (or of the one count of a product without sizes) for an order.
 * Refuses with 409 OUT_OF_STOCK naming the product and size when fewer are left, so no count goes
 * below zero; refuses a deleted product, or a size it does not offer, with 409. Reserving again for
 * an order that already holds the same quantity of the size changes nothing (a retried order), a
 * different quantity is refused.
 */
export function reserveStock(command: Command<'ReserveStock'>, state: ProductState): ProductEvent[] {
  const { productId, orderId, qty, at } = command;
  if (!Number.isInteger(qty) || qty < 1)
    throw badRequest('Quantity must be a whole number of at least 1.', 'qty');
  if (state.status === 'absent') throw productNotFound();
  if (state.status === 'deleted') throw conflict(`"${state.name}" is no longer available.`);
  const size = state.sizes.length === 0 ? '' : state.sizes.find((offered) => offered === command.size);
  if (size === undefined) {
    throw conflict(
      command.size === ''
        ? `Please choose a size for "${state.name}".`
        : `Size ${command.size} is not available for "${state.name}".`,
    );
  }
  const variant = variantOfSize(state, size);
  if (variant === undefined) {
    throw conflict(`Please choose which "${state.name}"${inSize(size)} you want: it comes in several.`);
  }
  const inStock = variant.stock;
  const held = state.reservations.get(holdKey(orderId, size));
  if (held !== undefined) {
    if (held === qty) return [];
    throw conflict(`This order already holds ${held} of "${state.name}"${inSize(size)}.`);
  }
  if (qty > inStock) throw conflict(outOfStockMessage(state.name, inStock, size), 'OUT_OF_STOCK');
  return [{ type: 'StockReserved', data: { productId, orderId, size, qty, at } }];
}

/**
 * Gives back up to `qty` units an order holds (cancelled, refused, orphaned or returned), also for
 * a deleted product: of `size` first, then of the order's other holds of the product in SIZES'
 * order, sizes the product no longer offers included (an order from before stock per size holds its
 * units on the first size; the sweep names no size). Releasing for an order that holds nothing
 * changes nothing, so a retried cancellation or sweep never creates stock out of thin air.
 */
export function releaseStock(command: Command<'ReleaseStock'>, state: ProductState): ProductEvent[] {
  const { productId, orderId, qty, reason, at } = command;
  if (!Number.isInteger(qty) || qty < 1)
    throw badRequest('Quantity must be a whole number of at least 1.', 'qty');
  if (state.status === 'absent') throw productNotFound();
  const known: readonly LineSize[] = [...SIZES, ''];
  const events: ProductEvent[] = [];
  let left = qty;
  for (const size of new Set([...known.filter((size) => size === command.size), ...known])) {
    const given = Math.min(left, state.reservations.get(holdKey(orderId, size)) ?? 0);
    if (given === 0) continue;
    events.push({ type: 'StockReleased', data: { productId, orderId, size, qty: given, reason, at } });
    left -= given;
    if (left === 0) break;
  }
  return events;
}

const inSize = (size: string) => (size === '' ? '' : ` in size ${size}`);

/** Same wording as the order pricing check, so a shopper reads one message whichever step refuses. */
export function outOfStockMessage(name: string, inStock: number, size = ''): string {
  return inStock <= 0
    ? `"${name}"${inSize(size)} is out of stock.`
    : `Only ${inStock} of "${name}"${inSize(size)} left in stock.`;
}

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
