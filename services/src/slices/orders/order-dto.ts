import { fromMinor, type Order, type OrderItem, type StatusChange, type User } from '@shop/contracts';
import type { OrderDetail, OrderItemWithProduct, OrderWithItems } from '@shop/projections';

/** Finds a user by id in the customers read model (name, e-mail, contact). */
export type UserLookup = (userId: string) => User | undefined;

/**
 * An order as every read call answers it: money in major units, the customer as they are now,
 * lines under both `OrderItems` and `orderItems` (the spec names both). With `history`, the admin
 * view: every status change with who made it.
 */
export function toOrderDto(
  source: OrderWithItems | OrderDetail,
  findUser: UserLookup,
  history = false,
): Order {
  const { order } = source;
  const user = findUser(order.user_id);
  const items = source.items.map(toItemDto);
  const dto: Order = {
    id: order.id,
    userId: order.user_id,
    createdAt: order.created_at,
    updatedAt: order.updated_at,
    status: order.status,
    isPaid: order.is_paid === 1,
    paidAt: order.paid_at,
    isDelivered: order.is_delivered === 1,
    deliveredAt: order.delivered_at,
    paymentMethod: order.payment_method,
    shippingAddress: {
      fullName: order.ship_full_name,
      address: order.ship_address,
      city: order.ship_city,
      postalCode: order.ship_postal_code,
      country: order.ship_country,
      phone: order.ship_phone,
    },
    itemsPrice: fromMinor(order.items_price),
    discountPrice: fromMinor(order.discount),
    shippingPrice: fromMinor(order.shipping_price),
    totalPrice: fromMinor(order.total_price),
    affiliateCode: order.affiliate_code,
    User: user ? { name: user.name, email: user.email, contact: user.contact } : null,
    OrderItems: items,
    orderItems: items,
  };
  if (history && 'changes' in source) {
    dto.statusHistory = source.changes.map(
      (change): StatusChange => ({
        from: change.from_status,
        to: change.to_status,
        at: change.at,
        by: { id: change.by_user_id, name: findUser(change.by_user_id)?.name ?? 'Unknown user' },
      }),
    );
  }
  return dto;
}

function toItemDto(item: OrderItemWithProduct): OrderItem {
  return {
    id: item.id,
    product: item.product_id,
    Product: item.product ? { id: item.product_id, ...item.product } : null,
    name: item.name,
    image: item.image,
    category: item.category,
    price: fromMinor(item.unit_price),
    qty: item.qty,
    size: item.size,
  };
}
