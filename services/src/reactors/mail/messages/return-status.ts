import { type EventData, formatMoney, fromMinor } from '@shop/contracts';
import { button, html, type MessageContent } from './markup';

type ReturnRequested = EventData<'ReturnRequested'>;

/** The after-sale e-mails: the return asked for, approved, rejected, refunded. */
export type ReturnStep = 'Requested' | 'Approved' | 'Rejected' | 'Refunded';

/** What every after-sale e-mail knows: the return as it was asked for, the order's name and page. */
export interface ReturnMessageInput {
  /** The return as the shopper asked for it (its stream's first event). */
  request: ReturnRequested;
  /** The order's reference when its OrderPlaced carries one; the order ID otherwise. */
  orderName: string;
  /** `{PUBLIC_URL}/order/{orderId}`. */
  orderUrl: string;
  /** What was refunded, for Refunded (ReturnRefunded's `amount`). */
  refunded?: number;
}

const money = (minor: number) => formatMoney(fromMinor(minor));

/** A returned line as a message names it: `Running Tee (size MD) x 2: PKR 40.00`. */
function returnedLabel(line: ReturnRequested['items'][number]): string {
  return `${line.name}${line.size ? ` (size ${line.size})` : ''} x ${line.qty}: ${money(line.refund)}`;
}

/** A return e-mail: what happened to the return, the units in it, the amount, the order's page. */
export function returnStatus(step: ReturnStep, input: ReturnMessageInput): MessageContent {
  const { request, orderName, orderUrl } = input;
  const items = request.items.map(returnedLabel);
  const amount = money(request.amount);
  const words = wordsFor(
    step,
    orderName,
    amount,
    input.refunded === undefined ? amount : money(input.refunded),
  );
  const reason = step === 'Requested' && request.reason.trim() ? request.reason.trim() : '';
  const text = [
    ...words.lead,
    '',
    ...items.map((item) => `- ${item}`),
    '',
    ...(reason ? [`Your reason: ${reason}`] : []),
    words.total,
    '',
    ...words.next,
    '',
    `Your order: ${orderUrl}`,
  ].join('\n');
  const body = html`${words.lead.map((line) => html`<p>${line}</p>`)}
<ul>${items.map((item) => html`<li>${item}</li>`)}</ul>
${reason ? html`<p>Your reason: ${reason}</p>` : ''}
<p><strong>${words.total}</strong></p>
${words.next.map((line) => html`<p>${line}</p>`)}
${button(orderUrl, 'See your order')}`;
  return { subject: words.subject, text, html: body };
}

function wordsFor(
  step: ReturnStep,
  orderName: string,
  amount: string,
  refunded: string,
): { subject: string; lead: string[]; total: string; next: string[] } {
  switch (step) {
    case 'Requested':
      return {
        subject: `We have your return request for order ${orderName}`,
        lead: [`You asked to return these items from your order ${orderName}:`],
        total: `Amount to be refunded: ${amount}`,
        next: ['We will look at your request and write to you once we have decided.'],
      };
    case 'Approved':
      return {
        subject: `Your return for order ${orderName} is approved`,
        lead: [`We have approved your return of these items from your order ${orderName}:`],
        total: `Amount to be refunded: ${amount}`,
        next: [
          `How to send them back: pack the items above in their original condition, write your order reference ${orderName} on the parcel and send it to us. Get in touch with us (details below) for our return address or a courier pickup.`,
          'We refund you once the items have arrived and been checked.',
        ],
      };
    case 'Rejected':
      return {
        subject: `Your return for order ${orderName} was not approved`,
        lead: [`We could not approve your return of these items from your order ${orderName}:`],
        total: 'Nothing will be refunded for this request.',
        next: ['If you have questions about this decision, please get in touch with us.'],
      };
    case 'Refunded':
      return {
        subject: `We have refunded ${refunded} for order ${orderName}`,
        lead: [`We have received your returned items from your order ${orderName} and refunded you.`],
        total: `Amount refunded: ${refunded}`,
        next: ['If it has not reached you within a few days, please get in touch with us.'],
      };
  }
}
