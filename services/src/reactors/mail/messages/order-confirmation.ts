import { type EventData, formatMoney, fromMinor } from '@shop/contracts';
import { manualTransfer, type ShopDetails } from '../shop-details';
import { confirmationRequest } from './cod-confirmation';
import { button, html, type MessageContent } from './markup';

type OrderPlaced = EventData<'OrderPlaced'>;

const money = (minor: number) => formatMoney(fromMinor(minor));
const cell = 'padding:6px 4px;border-bottom:1px solid #e4e4e7;';

/**
 * The order confirmation: ID, lines, totals in PKR, how to pay, where it goes, the tracking link; for
 * cash on delivery, the request to confirm it with its link (`confirm`).
 */
export function orderConfirmation(
  order: OrderPlaced,
  trackingUrl: string,
  shop: ShopDetails,
  confirm?: { url: string; expiresAt: string | null },
): MessageContent {
  const request = confirm && confirmationRequest(confirm.url, confirm.expiresAt);
  const totals: [string, string][] = [
    ['Subtotal', money(order.itemsPrice)],
    ...(order.discount > 0
      ? [
          [`Affiliate discount (${order.affiliateCode ?? ''})`, `-${money(order.discount)}`] as [
            string,
            string,
          ],
        ]
      : []),
    ['Shipping', order.shippingPrice === 0 ? 'Free' : money(order.shippingPrice)],
    ['Total', money(order.totalPrice)],
  ];
  const address = addressLines(order.shippingAddress);
  const payment = paymentInstructions(order, shop);
  const { subject, firstLine } = headline(order, Boolean(request));
  const text = [
    firstLine,
    '',
    ...(request ? [...request.text, ''] : []),
    ...order.lines.map((line) => `- ${itemLabel(line)}: ${money(line.unitPrice * line.qty)}`),
    '',
    ...totals.map(([label, value]) => `${label}: ${value}`),
    '',
    `Payment: ${payment.title}`,
    ...payment.lines,
    '',
    'Delivery address:',
    ...address,
    '',
    `Track your order: ${trackingUrl}`,
  ].join('\n');
  const body = html`<p><strong>${firstLine}</strong></p>
${request?.html}
<table role="presentation" style="width:100%;border-collapse:collapse;font-size:14px;">
<thead><tr><th style="${cell}text-align:left;">Item</th><th style="${cell}text-align:left;">Size</th><th style="${cell}text-align:right;">Qty</th><th style="${cell}text-align:right;">Price</th></tr></thead>
<tbody>${order.lines.map(
    (line) =>
      html`<tr><td style="${cell}">${line.name}</td><td style="${cell}">${line.size || '-'}</td><td style="${cell}text-align:right;">${line.qty}</td><td style="${cell}text-align:right;">${money(line.unitPrice * line.qty)}</td></tr>`,
  )}</tbody>
<tfoot>${totals.map(
    ([label, value]) =>
      html`<tr><td colspan="3" style="padding:4px;text-align:right;">${label}</td><td style="padding:4px;text-align:right;">${label === 'Total' ? html`<strong>${value}</strong>` : value}</td></tr>`,
  )}</tfoot>
</table>
<h2 style="font-size:16px;margin:24px 0 8px;">Payment: ${payment.title}</h2>
${payment.lines.map((line) => html`<p style="margin:4px 0;">${line}</p>`)}
<h2 style="font-size:16px;margin:24px 0 8px;">Delivery address</h2>
<p style="margin:0;">${address.map((line, index) => html`${index > 0 ? html`<br>` : ''}${line}`)}</p>
${button(trackingUrl, 'Track your order')}`;
  return { subject, text, html: body };
}

/**
 * What the subject and the first line say, true at the moment the order is placed: a COD order that awaits
 * its confirmation asks for it, a transfer awaits its payment; neither is called confirmed. Only a COD
 * order that needs no confirmation (placed before confirmations existed) is simply received.
 */
function headline(order: OrderPlaced, awaitsConfirmation: boolean): { subject: string; firstLine: string } {
  const ref = order.reference;
  if (awaitsConfirmation) {
    return {
      subject: `Please confirm your order ${ref}`,
      firstLine: `Please confirm your order ${ref}: we send it once you confirm.`,
    };
  }
  if (order.paymentMethod !== 'COD') {
    return {
      subject: `Your order ${ref} awaits payment`,
      firstLine: `Thank you for your order ${ref}. It awaits your payment of ${money(order.totalPrice)}: we ship it once the payment has arrived.`,
    };
  }
  return {
    subject: `We have received your order ${ref}`,
    firstLine: `Thank you for your order ${ref}. You pay ${money(order.totalPrice)} cash on delivery.`,
  };
}

function paymentInstructions(order: OrderPlaced, shop: ShopDetails): { title: string; lines: string[] } {
  const total = money(order.totalPrice);
  if (order.paymentMethod === 'COD') {
    return { title: 'Cash on Delivery', lines: [`Please have ${total} ready when your order arrives.`] };
  }
  const transfer = manualTransfer(shop);
  const accounts = transfer?.accounts;
  const rows: [string, string | null | undefined][] = [
    ['Account title', accounts?.accountTitle],
    ['JazzCash', accounts?.jazzCash],
    ['EasyPaisa', accounts?.easyPaisa],
    ['IBAN', accounts?.bankIban],
    ['Raast ID', accounts?.raastId],
  ];
  return {
    title: transfer?.label ?? 'Manual transfer',
    lines: [
      `Please send ${total} to one of these accounts, with your order ID ${order.reference} as the reference. We ship once the payment has arrived.`,
      ...rows.filter(([, value]) => value).map(([label, value]) => `${label}: ${value}`),
    ],
  };
}

/** An order line as a message names it: `Running Tee (size MD) x 2`. */
export function itemLabel(line: OrderPlaced['lines'][number]): string {
  return `${line.name}${line.size ? ` (size ${line.size})` : ''} x ${line.qty}`;
}

/** The delivery address, one line each, leaving out what was not given. */
function addressLines(address: OrderPlaced['shippingAddress']): string[] {
  return [
    address.fullName,
    address.address,
    `${address.city} ${address.postalCode}`.trim(),
    address.country,
    address.phone ? `Phone: ${address.phone}` : '',
  ].filter((line) => line.trim() !== '');
}
