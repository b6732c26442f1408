import {
  type EventData,
  type EventStore,
  formatMoney,
  fromMinor,
  phoneKey,
  type RecordedEvent,
  shopConfig,
} from '@shop/contracts';
import type { CodSettings } from '../../platform/config/cod-settings';
import type { WhatsAppSettings } from '../../platform/config/whatsapp-settings';
import type { Logger } from '../../platform/logger';
import { dataOf, required } from '../../platform/reactors/cause';
import {
  type Channel,
  MessageNotNeeded,
  MessageRefused,
  type OwedMessage,
  type OwedRecord,
} from '../../platform/reactors/channel';
import { customer, orderToConfirm, placedOrder } from '../mail/recipients';
import { sendTemplate, type TemplateMessage } from './cloud-api';

/** The WhatsApp messages the shop sends; each is a template registered with Meta (docs/operations.md). */
const WHATSAPP_KINDS = {
  confirmation: 'cod-confirmation-request',
  reminder: 'cod-confirmation-reminder',
  dispatched: 'order-dispatched',
} as const;

export interface WhatsAppChannelDeps {
  store: EventStore;
  logger: Logger;
  /**
   * The token of the link that confirms a COD order without signing in (the template's URL button ends
   * with it); `expiresAt` null: the window is off.
   */
  confirmationToken(orderId: string, expiresAt: string | null): Promise<string>;
  /** COD_CONFIRMATION_WINDOW: the request's token expires at its end. */
  cod: Pick<CodSettings, 'confirmationWindowMs'>;
}

const karachiTime = new Intl.DateTimeFormat(shopConfig.locale, {
  timeZone: shopConfig.timeZone,
  day: 'numeric',
  month: 'long',
  hour: 'numeric',
  minute: '2-digit',
});

/**
 * A Pakistani mobile number in E.164 (`+923001234567`); undefined for a landline or anything that is
 * not a mobile number, which cannot receive WhatsApp messages from a business as a customer expects.
 */
function whatsAppNumber(phone: string): string | undefined {
  const key = phoneKey(phone);
  return /^3\d{9}$/.test(key) ? `+92${key}` : undefined;
}

/**
 * WhatsApp as an outbox channel: a COD order placed owes the confirmation request (with the link that
 * confirms it), the confirmation window's halfway point the reminder, a change to Dispatched the
 * dispatch notice, each a template message to the order's shipping phone. An order without a mobile
 * number owes none. Messages are written when sent, from the event that caused them.
 */
export function whatsAppChannel(deps: WhatsAppChannelDeps, settings: WhatsAppSettings): Channel {
  const target = {
    apiUrl: settings.apiUrl.replace(/\/+$/, ''),
    phoneNumberId: settings.phoneNumberId,
    token: settings.token,
    timeoutMs: settings.requestTimeoutMs ?? 15_000,
  };

  async function owedFor(event: RecordedEvent): Promise<OwedMessage[]> {
    if (event.type === 'OrderPlaced') {
      const order = dataOf(event, 'OrderPlaced');
      return order?.paymentMethod === 'COD' ? await addressed(WHATSAPP_KINDS.confirmation, order, event) : [];
    }
    if (event.type === 'OrderConfirmationReminded') {
      const reminded = dataOf(event, 'OrderConfirmationReminded');
      if (!reminded) return [];
      return addressed(WHATSAPP_KINDS.reminder, await placedOrder(deps.store, reminded.orderId), event);
    }
    if (event.type === 'StatusChanged') {
      const change = dataOf(event, 'StatusChanged');
      if (change?.to !== 'Dispatched') return [];
      return addressed(WHATSAPP_KINDS.dispatched, await placedOrder(deps.store, change.orderId), event);
    }
    return [];
  }

  /** To the order's shipping phone, by the name on the address (else the account's). */
  async function addressed(
    kind: string,
    order: EventData<'OrderPlaced'> | undefined,
    event: RecordedEvent,
  ): Promise<OwedMessage[]> {
    const to = order && whatsAppNumber(order.shippingAddress.phone);
    if (!order || !to) {
      deps.logger.info('whatsapp: no mobile number on the order; no message owed', {
        eventType: event.type,
        eventId: event.id,
      });
      return [];
    }
    const toName = order.shippingAddress.fullName || (await customer(deps.store, order.userId))?.toName || '';
    return [{ kind, to, toName }];
  }

  /**
   * The order a request or reminder to confirm is about, read once; withdrawn when the order was
   * confirmed, expired, cancelled or shipped first.
   */
  async function orderStillToConfirm(orderId: string): Promise<EventData<'OrderPlaced'>> {
    const { placed, awaiting } = await orderToConfirm(deps.store, orderId);
    if (!placed) throw new MessageRefused(`Order ${orderId} is not in the log`);
    if (!awaiting) throw new MessageNotNeeded(`Order ${placed.reference} no longer awaits its confirmation`);
    return placed;
  }

  async function compose(owed: OwedRecord, cause: RecordedEvent): Promise<Omit<TemplateMessage, 'to'>> {
    const name = owed.toName || 'there';
    const { templates, language } = settings;
    if (owed.kind === WHATSAPP_KINDS.confirmation) {
      const order = await orderStillToConfirm(required(dataOf(cause, 'OrderPlaced'), cause).orderId);
      return {
        template: templates.confirmation,
        language,
        body: [name, order.reference, formatMoney(fromMinor(order.totalPrice))],
        urlButton: await deps.confirmationToken(
          order.orderId,
          deps.cod.confirmationWindowMs === null
            ? null
            : new Date(Date.parse(order.at) + deps.cod.confirmationWindowMs).toISOString(),
        ),
      };
    }
    if (owed.kind === WHATSAPP_KINDS.reminder) {
      const reminded = required(dataOf(cause, 'OrderConfirmationReminded'), cause);
      const order = await orderStillToConfirm(reminded.orderId);
      return {
        template: templates.reminder,
        language,
        body: [name, order.reference, `${karachiTime.format(new Date(reminded.expiresAt))} (Pakistan time)`],
        urlButton: await deps.confirmationToken(order.orderId, reminded.expiresAt),
      };
    }
    if (owed.kind === WHATSAPP_KINDS.dispatched) {
      const change = required(dataOf(cause, 'StatusChanged'), cause);
      const order = await placedOrder(deps.store, change.orderId);
      if (!order) throw new MessageRefused(`Order ${change.orderId} is not in the log`);
      return {
        template: templates.dispatched,
        language,
        body: [name, order.reference],
        urlButton: order.orderId,
      };
    }
    throw new MessageRefused(`No WhatsApp message is written for ${owed.kind}`);
  }

  return {
    name: 'whatsapp',
    delivery: 'cloud-api',
    causes: ['OrderPlaced', 'OrderConfirmationReminded', 'StatusChanged'],
    owedFor,
    async deliver(owed, cause) {
      const message = await compose(owed, cause);
      const messageId = await sendTemplate(target, { ...message, to: owed.to.replace(/^\+/, '') });
      return { messageId };
    },
    close() {},
  };
}
