import { type Minor, shareByWeight } from '@shop/contracts';
import type { OrderLine } from '../orders/order';

/** What the refund of a return is computed from: the order's lines as priced and its affiliate discount. */
export interface RefundableOrder {
  lines: readonly Pick<OrderLine, 'lineId' | 'unitPrice' | 'qty'>[];
  discount: Minor;
}

/**
 * Each line's share of the order's affiliate discount, in proportion to the line's value; the shares
 * add up to the discount exactly.
 */
export function discountByLine(order: RefundableOrder): Map<string, Minor> {
  const shares = shareByWeight(
    order.discount,
    order.lines.map((line) => line.unitPrice * line.qty),
  );
  return new Map(order.lines.map((line, index) => [line.lineId, shares[index] ?? 0]));
}

/**
 * What the shop pays back for `qty` units of a line when `before` of its units were already asked
 * back: the units at the price paid, less their share of the line's discount. The share is counted
 * over the units returned so far, so returning a line in several goes pays back exactly what
 * returning it at once would: its value less its whole discount share.
 */
export function refundForUnits(
  line: Pick<OrderLine, 'unitPrice' | 'qty'>,
  lineDiscount: Minor,
  before: number,
  qty: number,
): Minor {
  const discountUpTo = (units: number) => Math.round((lineDiscount * units) / line.qty);
  return line.unitPrice * qty - (discountUpTo(before + qty) - discountUpTo(before));
}
