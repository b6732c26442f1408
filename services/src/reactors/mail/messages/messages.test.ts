import { anOrderPlaced, aReturnRequested } from '@shop/testing';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../platform/config/config';
import { shopInfoFrom } from '../../../platform/config/shop-info';
import { escapeHtml } from '../../../platform/http/escape-html';
import { TEST_SHOP_ENV } from '../../../test-support/test-shop';
import { frame, html } from './markup';
import { orderConfirmation } from './order-confirmation';
import { orderStatus } from './order-status';
import { passwordReset } from './password-reset';
import { returnStatus } from './return-status';

const shop = shopInfoFrom(loadConfig(TEST_SHOP_ENV));
const hostile = `<img src=x onerror="alert('x')">&`;

describe('message markup', () => {
  it('escapes every interpolated value and keeps nested templates as markup', () => {
    expect(escapeHtml(hostile)).toBe('&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt;&amp;');
    const list = html`<ul>${['<a>', 'b'].map((item) => html`<li>${item}</li>`)}</ul>${null}${false}`;
    expect(list.value).toBe('<ul><li>&lt;a&gt;</li><li>b</li></ul>');
  });

  it('frames a message with the greeting, the shop name and its support details, in both parts', () => {
    const framed = frame({ subject: 'S', text: 'Body', html: html`<p>Body</p>` }, 'Zoë O’Brien-Ansari', shop);
    expect(framed.text).toBe(
      `${shop.name}\n\nHello Zoë O’Brien-Ansari,\n\nBody\n\n--\nQuestions? Call ${shop.support.phone} or write to ${shop.support.email}.\n${shop.name}\n`,
    );
    expect(framed.html).toContain(`<p>Hello ${escapeHtml('Zoë O’Brien-Ansari')},</p>`);
    expect(framed.html).toContain(`<a href="mailto:${shop.support.email}">`);
  });

  it('greets no one by a name from before names were restricted: markup, a link, a line break', () => {
    for (const name of [hostile, 'Your refund is ready: call 0300-0000000', 'Ali\r\nBcc: x@evil.example']) {
      const framed = frame({ subject: 'S', text: 'Body', html: html`<p>Body</p>` }, name, shop);
      expect(framed.text).toContain('\n\nHello,\n\nBody');
      expect(framed.text).not.toContain(name);
      expect(framed.html).toContain('<p>Hello,</p>');
      expect(framed.html).not.toContain('<img');
    }
    expect(frame({ subject: 'S', text: 'B', html: html`` }, '  ', shop).text).toContain('\nHello,\n');
  });
});

describe('the order confirmation', () => {
  it('shows cash on delivery, the affiliate discount and free shipping, with user input escaped', () => {
    const order = anOrderPlaced({
      orderId: 'o-1',
      paymentMethod: 'COD',
      lines: [
        {
          lineId: 'l1',
          productId: 'p1',
          name: hostile,
          image: '/i.webp',
          category: 'Shirts',
          unitPrice: 60_000,
          qty: 2,
          size: '',
        },
      ],
      itemsPrice: 120_000,
      discount: 6_000,
      shippingPrice: 0,
      totalPrice: 114_000,
      affiliateCode: 'ASMA5',
    });
    const message = orderConfirmation(order, 'https://shop.example.pk/track/o-1', shop);
    expect(message.text).toContain(`- ${hostile} x 2: PKR 1,200.00`);
    expect(message.text).toContain(
      'Affiliate discount (ASMA5): -PKR 60.00\nShipping: Free\nTotal: PKR 1,140.00',
    );
    expect(message.text).toContain(
      'Payment: Cash on Delivery\nPlease have PKR 1,140.00 ready when your order arrives.',
    );
    expect(message.text).not.toContain('JazzCash');
    expect(message.html.value).toContain(escapeHtml(hostile));
    expect(message.html.value).not.toContain('<img');
  });
});

describe('the status e-mails and the reset', () => {
  it('say what happened with the tracking link', () => {
    const order = anOrderPlaced({ orderId: 'o-2', reference: 'AX-2RDR2' });
    const cancelled = orderStatus('Cancelled', order, 'https://shop.example.pk/track/o-2');
    expect(cancelled.subject).toBe('Your order AX-2RDR2 has been cancelled');
    expect(cancelled.text).toContain(
      'If you did not expect this, please get in touch with us. https://shop.example.pk/track/o-2',
    );
    expect(cancelled.html.value).toContain('href="https://shop.example.pk/track/o-2"');
  });

  it('gives the reset link and its expiry in Pakistan time', () => {
    const reset = passwordReset(
      'https://shop.example.pk/reset-password?token=a.b',
      '2024-05-02T19:30:00.000Z',
      shop,
    );
    expect(reset.text).toContain(
      'before 3 May 2024 at 12:30 am (Pakistan time):\n\nhttps://shop.example.pk/reset-password?token=a.b',
    );
    expect(reset.html.value).toContain('href="https://shop.example.pk/reset-password?token=a.b"');
  });
});

describe('the after-sale e-mails', () => {
  const url = 'https://shop.example.pk/order/o-3';
  const request = aReturnRequested({
    orderId: 'o-3',
    reason: hostile,
    items: [
      {
        ...aReturnRequested().items[0]!,
        name: hostile,
        size: 'MD',
        qty: 2,
        unitPrice: 150_000,
        refund: 285_000,
      },
    ],
    amount: 285_000,
  });
  const input = { request, orderName: 'AB-12CD34', orderUrl: url };

  it('confirms the return asked for: the units, the reason and the amount to be refunded, escaped', () => {
    const asked = returnStatus('Requested', input);
    expect(asked.subject).toBe('We have your return request for order AB-12CD34');
    expect(asked.text).toContain(
      `You asked to return these items from your order AB-12CD34:\n\n- ${hostile} (size MD) x 2: PKR 2,850.00`,
    );
    expect(asked.text).toContain(`Your reason: ${hostile}\nAmount to be refunded: PKR 2,850.00`);
    expect(asked.text).toContain(`Your order: ${url}`);
    expect(asked.html.value).toContain(`<li>${escapeHtml(hostile)} (size MD) x 2: PKR 2,850.00</li>`);
    expect(asked.html.value).toContain(`Your reason: ${escapeHtml(hostile)}`);
    expect(asked.html.value).not.toContain('<img');
    expect(asked.html.value).toContain(`href="${url}"`);
  });

  it('tells how to send the items back once approved, and that a rejected return pays nothing', () => {
    const approved = returnStatus('Approved', input);
    expect(approved.subject).toBe('Your return for order AB-12CD34 is approved');
    expect(approved.text).toContain('write your order reference AB-12CD34 on the parcel and send it to us');
    expect(approved.text).toContain('Amount to be refunded: PKR 2,850.00');
    expect(approved.html.value).not.toContain('<img');
    const rejected = returnStatus('Rejected', input);
    expect(rejected.subject).toBe('Your return for order AB-12CD34 was not approved');
    expect(rejected.text).toContain('Nothing will be refunded for this request.');
    expect(rejected.html.value).not.toContain('<img');
  });

  it('gives the amount refunded as the refund event says, in PKR', () => {
    const refunded = returnStatus('Refunded', { ...input, refunded: 280_000 });
    expect(refunded.subject).toBe('We have refunded PKR 2,800.00 for order AB-12CD34');
    expect(refunded.text).toContain('Amount refunded: PKR 2,800.00');
    expect(refunded.html.value).toContain('<strong>Amount refunded: PKR 2,800.00</strong>');
    expect(refunded.html.value).toContain(`href="${url}"`);
    expect(refunded.html.value).not.toContain('<img');
  });
});
