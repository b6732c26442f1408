import { PERSON_NAME_PATTERN } from '@shop/contracts';
import { escapeHtml } from '../../../platform/http/escape-html';
import type { ShopDetails } from '../shop-details';

/** HTML that is already safe: written by the shop, or escaped. */
export class SafeHtml {
  constructor(readonly value: string) {}
}

/**
 * A template of HTML in which every interpolated value is escaped, unless it is SafeHtml (another
 * `html` template); arrays are joined, null, undefined and false left out. Nothing a shopper typed
 * can become markup.
 */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0]!;
  values.forEach((value, index) => {
    out += render(value) + strings[index + 1]!;
  });
  return new SafeHtml(out);
}

function render(value: unknown): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}

/** One message's words: the subject, the plain-text body and the HTML body (without the frame). */
export interface MessageContent {
  subject: string;
  text: string;
  html: SafeHtml;
}

/** A message as it is sent: the content in the shop's frame, with its greeting and support footer. */
export interface FramedMessage {
  subject: string;
  text: string;
  html: string;
}

const STYLE = {
  body: 'margin:0;padding:24px;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b;',
  card: 'max-width:600px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px;',
  brand: 'margin:0 0 16px;font-size:20px;letter-spacing:0.5px;',
  footer: 'max-width:600px;margin:16px auto 0;font-size:12px;color:#52525b;text-align:center;',
};

/** Frames a message: the shop's name on top, the greeting, the content, support contacts below. */
export function frame(content: MessageContent, toName: string, shop: ShopDetails): FramedMessage {
  const { phone, email } = shop.support;
  const contacts = [phone ? `Call ${phone}` : '', email ? `write to ${email}` : '']
    .filter(Boolean)
    .join(' or ');
  const contactsHtml = [
    phone ? html`Call ${phone}` : '',
    email ? html`write to <a href="mailto:${email}">${email}</a>` : '',
  ]
    .filter(Boolean)
    .map((part, index) => html`${index > 0 ? ' or ' : ''}${part}`);
  // A name from before names were restricted may hold a line break or a link: greet no one then.
  const greeting = PERSON_NAME_PATTERN.test(toName.trim()) ? `Hello ${toName.trim()},` : 'Hello,';
  const page = html`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${content.subject}</title></head>
<body style="${STYLE.body}">
<div style="${STYLE.card}">
<p style="${STYLE.brand}"><strong>${shop.name}</strong></p>
<p>${greeting}</p>
${content.html}
</div>
<p style="${STYLE.footer}">${contacts ? html`Questions? ${contactsHtml}.<br>` : ''}${shop.name}</p>
</body>
</html>`;
  const text = [
    shop.name,
    '',
    greeting,
    '',
    content.text.trim(),
    '',
    '--',
    ...(contacts ? [`Questions? ${contacts}.`] : []),
    shop.name,
    '',
  ].join('\n');
  return { subject: content.subject, text, html: page.value };
}

/** A link as a button in HTML. */
export function button(href: string, label: string): SafeHtml {
  return html`<p style="margin:24px 0;"><a href="${href}" style="background:#18181b;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block;">${label}</a></p>
<p style="font-size:12px;color:#52525b;">Or open this link: <a href="${href}">${href}</a></p>`;
}
