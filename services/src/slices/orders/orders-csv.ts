import { type Order, shopConfig } from '@shop/contracts';
import { localDateTime } from '@shop/projections';

/** Amounts as a spreadsheet reads numbers: decimal point, no grouping, 2 decimals. */
const amount = (value: number) => value.toFixed(2);

/** A moment as the shop's wall clock reads it, or blank. */
const shopTime = (at: string | null) => (at ? localDateTime(at, shopConfig.timeZone) : '');

/** The export's columns: money in the shop's currency, times on the shop's clock. */
export const ORDER_CSV_HEADER: readonly string[] = [
  'Order ID',
  'Reference',
  `Placed (${shopConfig.timeZone})`,
  'Customer',
  'E-mail',
  'Phone',
  'Address',
  'City',
  'Postal code',
  'Country',
  'Payment method',
  'Status',
  'Confirmation',
  `Confirmed or expired at (${shopConfig.timeZone})`,
  'Confirmed by',
  'Confirmed via',
  'Paid',
  `Paid at (${shopConfig.timeZone})`,
  'Delivered',
  `Delivered at (${shopConfig.timeZone})`,
  'Items',
  `Subtotal (${shopConfig.currency})`,
  `Discount (${shopConfig.currency})`,
  `Shipping (${shopConfig.currency})`,
  `Total (${shopConfig.currency})`,
  'Affiliate code',
];

/** One order as a row of the export, in the columns of `ORDER_CSV_HEADER`. */
export function orderCsvRow(order: Order): string[] {
  const address = order.shippingAddress;
  return [
    order.id,
    order.reference,
    shopTime(order.createdAt),
    order.User?.name || address.fullName,
    order.User?.email ?? '',
    address.phone || order.User?.contact || '',
    address.address,
    address.city,
    address.postalCode,
    address.country,
    order.paymentMethod,
    order.status,
    order.confirmation.state,
    shopTime(order.confirmation.at),
    order.confirmation.by?.name ?? '',
    order.confirmation.channel ?? '',
    order.isPaid ? 'Yes' : 'No',
    shopTime(order.paidAt),
    order.isDelivered ? 'Yes' : 'No',
    shopTime(order.deliveredAt),
    order.orderItems
      .map((item) => `${item.qty} x ${item.name}${item.size ? ` (${item.size})` : ''}`)
      .join('; '),
    amount(order.itemsPrice),
    amount(order.discountPrice),
    amount(order.shippingPrice),
    amount(order.totalPrice),
    order.affiliateCode ?? '',
  ];
}

/** `orders-2024-05-02.csv`: the shop's day the export was made. */
export function orderCsvFilename(now: Date): string {
  return `orders-${localDateTime(now, shopConfig.timeZone).slice(0, 10)}.csv`;
}
