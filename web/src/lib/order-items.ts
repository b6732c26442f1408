import type { Order, OrderItem } from '@shop/contracts';

/** The spec names an order's items `OrderItems` or `orderItems`; read whichever is filled. */
export function itemsOf(order: Pick<Order, 'OrderItems' | 'orderItems'>): OrderItem[] {
  return order.OrderItems?.length ? order.OrderItems : (order.orderItems ?? []);
}
