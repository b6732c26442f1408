import { type EventData, formatMoney, fromMinor } from '@shop/contracts';
import { button, html, type MessageContent } from './markup';

/**
 * A proof of a manual transfer the shop could not accept: the transaction ID she sent, the reason
 * the admin gave, and how to send another from her order page.
 */
export function paymentProofRejected(
  rejected: EventData<'PaymentProofRejected'>,
  proof: { transactionId: string; amount: number } | undefined,
  orderName: string,
  orderUrl: string,
): MessageContent {
  const lead = `We could not confirm your payment for order ${orderName}.`;
  const sent = proof
    ? `You sent transaction ID ${proof.transactionId} for ${formatMoney(fromMinor(proof.amount))}.`
    : '';
  const reason = `Why: ${rejected.reason}`;
  const next =
    'Your order is kept for you. Please check the transfer and send the right transaction ID and screenshot from your order page, or contact us.';
  const text = [lead, ...(sent ? [sent] : []), reason, '', next, '', `Your order: ${orderUrl}`].join('\n');
  const body = html`<p>${lead}</p>${sent ? html`<p>${sent}</p>` : ''}
<p><strong>${reason}</strong></p>
<p>${next}</p>
${button(orderUrl, 'Send another proof')}`;
  return { subject: `We could not confirm your payment for order ${orderName}`, text, html: body };
}
