import type { EventData } from '@shop/contracts';
import { button, html, type MessageContent } from './markup';
import { itemLabel } from './order-confirmation';

/** The statuses a customer is told about by e-mail. */
export type NotifiedStatus = 'Dispatched' | 'Delivered' | 'Cancelled';

const WORDS: Record<NotifiedStatus, { subject: string; lead: string; next: string }> = {
  Dispatched: {
    subject: 'is on its way',
    lead: 'has been dispatched and is on its way to you.',
    next: 'Follow it on its tracking page.',
  },
  Delivered: {
    subject: 'has been delivered',
    lead: 'has been delivered. We hope you enjoy it.',
    next: 'Its tracking page keeps the whole story of the order.',
  },
  Cancelled: {
    subject: 'has been cancelled',
    lead: 'has been cancelled.',
    next: 'If you did not expect this, please get in touch with us.',
  },
};

/** An order status e-mail: what happened, what was in the order, the tracking link. */
export function orderStatus(
  status: NotifiedStatus,
  order: EventData<'OrderPlaced'>,
  trackingUrl: string,
): MessageContent {
  const words = WORDS[status];
  const items = order.lines.map(itemLabel);
  const text = [
    `Your order ${order.reference} ${words.lead}`,
    '',
    ...items.map((item) => `- ${item}`),
    '',
    `${words.next} ${trackingUrl}`,
  ].join('\n');
  const body = html`<p>Your order <strong>${order.reference}</strong> ${words.lead}</p>
<ul>${items.map((item) => html`<li>${item}</li>`)}</ul>
<p>${words.next}</p>
${button(trackingUrl, 'Track your order')}`;
  return { subject: `Your order ${order.reference} ${words.subject}`, text, html: body };
}
