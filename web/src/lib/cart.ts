import { useMemo, useSyncExternalStore } from 'react';
import { createPersistedStore, isFiniteNumber, isRecord } from './persisted-store';

/** One cart line as the spec keeps it in the browser (section 3). A line is product plus size. */
export interface CartLine {
  /** Product id. */
  product: string;
  name: string;
  image: string;
  /** Unit price in the shop currency, as last seen in the catalogue. */
  price: number;
  countInStock: number;
  qty: number;
  /** Chosen size; '-' when the product has none (the spec's default for reordered items). */
  size: string;
}

export type CartLineKey = string;

export const NO_SIZE = '-';

export const lineKey = (line: Pick<CartLine, 'product' | 'size'>): CartLineKey =>
  `${line.product}::${line.size || NO_SIZE}`;

const clampQty = (qty: number, countInStock: number) => Math.max(0, Math.min(Math.floor(qty), countInStock));

/**
 * Adds a line. The same product and size merges by adding quantities, capped at stock (the incoming
 * line's stock figure is the freshest). Nothing is added for an out-of-stock product or a zero quantity.
 */
export function addLine(lines: readonly CartLine[], incoming: CartLine): CartLine[] {
  const line = { ...incoming, product: String(incoming.product), size: incoming.size || NO_SIZE };
  if (clampQty(line.qty, line.countInStock) < 1) return [...lines];
  const key = lineKey(line);
  const existing = lines.find((candidate) => lineKey(candidate) === key);
  if (!existing) return [...lines, { ...line, qty: clampQty(line.qty, line.countInStock) }];
  const qty = clampQty(existing.qty + line.qty, line.countInStock);
  return lines.map((candidate) => (lineKey(candidate) === key ? { ...line, qty } : candidate));
}

/** Sets a line's quantity, kept between 1 and its stock. */
export function setLineQty(lines: readonly CartLine[], key: CartLineKey, qty: number): CartLine[] {
  return lines.map((line) =>
    lineKey(line) === key ? { ...line, qty: Math.max(1, clampQty(qty, line.countInStock)) } : line,
  );
}

export function removeLine(lines: readonly CartLine[], key: CartLineKey): CartLine[] {
  return lines.filter((line) => lineKey(line) !== key);
}

/** Items subtotal, summed in minor units so 0.1 + 0.2 stays 0.30. */
export function cartSubtotal(lines: readonly CartLine[]): number {
  const minor = lines.reduce((sum, line) => sum + Math.round(line.price * 100) * line.qty, 0);
  return minor / 100;
}

function parseLines(raw: unknown): CartLine[] | undefined {
  if (!Array.isArray(raw)) return undefined;
  return raw.flatMap((item): CartLine[] => {
    if (!isRecord(item)) return [];
    const { product, name, image, price, countInStock, qty, size } = item;
    if (typeof product !== 'string' && typeof product !== 'number') return [];
    if (typeof name !== 'string' || !isFiniteNumber(price) || !isFiniteNumber(qty)) return [];
    if (!isFiniteNumber(countInStock)) return [];
    return [
      {
        product: String(product),
        name,
        image: typeof image === 'string' ? image : '',
        price,
        countInStock,
        qty,
        size: typeof size === 'string' && size !== '' ? size : NO_SIZE,
      },
    ];
  });
}

export const cartStore = createPersistedStore<CartLine[]>('shop.cart', parseLines, []);

export interface Cart {
  lines: readonly CartLine[];
  /** Number of distinct lines, as the navigation badge shows it. */
  lineCount: number;
  /** Total units over all lines. */
  itemCount: number;
  subtotal: number;
  add(line: CartLine): void;
  setQty(key: CartLineKey, qty: number): void;
  remove(key: CartLineKey): void;
  clear(): void;
}

const actions = {
  add: (line: CartLine) => cartStore.set((lines) => addLine(lines, line)),
  setQty: (key: CartLineKey, qty: number) => cartStore.set((lines) => setLineQty(lines, key, qty)),
  remove: (key: CartLineKey) => cartStore.set((lines) => removeLine(lines, key)),
  clear: () => cartStore.set([]),
};

/** The cart, persisted across visits, re-rendering when it changes. */
export function useCart(): Cart {
  const lines = useSyncExternalStore(cartStore.subscribe, cartStore.get, cartStore.get);
  return useMemo(
    () => ({
      lines,
      lineCount: lines.length,
      itemCount: lines.reduce((sum, line) => sum + line.qty, 0),
      subtotal: cartSubtotal(lines),
      ...actions,
    }),
    [lines],
  );
}
