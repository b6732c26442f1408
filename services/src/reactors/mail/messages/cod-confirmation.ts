import { type EventData, formatMoney, fromMinor } from '@shop/contracts';
import { button, html, type MessageContent } from './markup';
import { pakistanTime } from './pakistan-time';

type OrderPlaced = EventData<'OrderPlaced'>;

/** What the order confirmation of a COD order adds: the request to confirm it, with the link. */
export function confirmationRequest(
  confirmUrl: string,
  expiresAt: string | null,
): { text: string[]; html: ReturnType<typeof html> } {
  const deadline = expiresAt
    ? ` by ${pakistanTime(expiresAt)}; an order not confirmed by then is cancelled`
    : '';
  const words = `You pay cash on delivery: please confirm your order before we send it${deadline}.`;
  return {
    text: [words, `Confirm your order: ${confirmUrl}`],
    html: html`<h2 style="font-size:16px;margin:24px 0 8px;">Please confirm your order</h2>
<p>${words}</p>
${button(confirmUrl, 'Confirm my order')}`,
  };
}

/** The one reminder, halfway through the confirmation window. */
export function confirmationReminder(
  order: OrderPlaced,
  confirmUrl: string,
  expiresAt: string,
): MessageContent {
  const total = formatMoney(fromMinor(order.totalPrice));
  const words = `Your order ${order.reference} (${total}, cash on delivery) is waiting for your confirmation. Please confirm it by ${pakistanTime(expiresAt)}, or it will be cancelled.`;
  const text = [words, '', `Confirm your order: ${confirmUrl}`].join('\n');
  const body = html`<p>${words}</p>
${button(confirmUrl, 'Confirm my order')}`;
  return { subject: `Reminder: please confirm your order ${order.reference}`, text, html: body };
}

/** The order was cancelled because nobody confirmed it in time. */
export function confirmationExpired(order: OrderPlaced, shopUrl: string): MessageContent {
  const words = `Your order ${order.reference} was cancelled because it was not confirmed in time. Nothing will be delivered and you owe nothing. If you still want the items, you are welcome to order again.`;
  const text = [words, '', `Shop again: ${shopUrl}`].join('\n');
  const body = html`<p>${words}</p>
${button(shopUrl, 'Shop again')}`;
  return { subject: `Your order ${order.reference} was cancelled`, text, html: body };
}
