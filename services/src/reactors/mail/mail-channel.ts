import type { EventData, EventStore, EventType, OrderStatus, RecordedEvent } from '@shop/contracts';
import type { Logger } from '../../platform/logger';
import { dataOf, required } from '../../platform/reactors/cause';
import {
  type Channel,
  MessageRefused,
  type OwedMessage,
  type OwedRecord,
} from '../../platform/reactors/channel';
import { passwordResetToken } from '../../slices/accounts/reset-token';
import type { MailSettings } from './mail-settings';
import { frame, type MessageContent } from './messages/markup';
import { orderConfirmation } from './messages/order-confirmation';
import { type NotifiedStatus, orderStatus } from './messages/order-status';
import { passwordReset } from './messages/password-reset';
import { type ReturnStep, returnStatus } from './messages/return-status';
import { customer, placedOrder, requestedReturn } from './recipients';
import type { ShopDetails } from './shop-details';
import type { MailTransport } from './transport';

/** The e-mails the shop sends, by the status change that causes each. */
const STATUS_KINDS: Readonly<Partial<Record<OrderStatus, string>>> = {
  Dispatched: 'order-dispatched',
  Delivered: 'order-delivered',
  Cancelled: 'order-cancelled',
};

/**
 * The after-sale e-mails, by the return event that causes each. ReturnReceived owes none: the refund
 * that follows it says the items arrived, and the return's page shows the step between.
 */
const RETURN_KINDS = {
  ReturnRequested: { kind: 'return-requested', step: 'Requested' },
  ReturnApproved: { kind: 'return-approved', step: 'Approved' },
  ReturnRejected: { kind: 'return-rejected', step: 'Rejected' },
  ReturnRefunded: { kind: 'return-refunded', step: 'Refunded' },
} as const satisfies Partial<Record<EventType, { kind: string; step: ReturnStep }>>;
type ReturnCause = keyof typeof RETURN_KINDS;
const RETURN_CAUSES = Object.keys(RETURN_KINDS) as ReturnCause[];
const isReturnCause = (type: string): type is ReturnCause => Object.hasOwn(RETURN_KINDS, type);

export interface MailChannelDeps {
  store: EventStore;
  clock: () => Date;
  /** Signs the password-reset links. */
  signingKey: Uint8Array;
  logger: Logger;
  /** The shop's name, support contacts and payment accounts, as GET /api/shop publishes them. */
  shopInfo: ShopDetails;
}

/**
 * E-mail as an outbox channel: an order placed owes its confirmation, a change to Dispatched,
 * Delivered or Cancelled a status e-mail, a password reset request the reset link, a return asked for,
 * approved, rejected or refunded its after-sale e-mail to the return's customer. Each is addressed
 * when it becomes owed and written when it is sent, from the event that caused it; its Message-ID is
 * `<{event id}.{kind}@{host of PUBLIC_URL}>`.
 */
export function mailChannel(
  deps: MailChannelDeps,
  settings: MailSettings,
  transport: MailTransport,
): Channel {
  const host = new URL(settings.publicUrl).hostname;
  const link = (path: string) => `${settings.publicUrl}${path}`;

  async function owedFor(event: RecordedEvent): Promise<OwedMessage[]> {
    if (event.type === 'OrderPlaced') {
      const order = dataOf(event, 'OrderPlaced');
      return addressed('order-confirmation', order && (await customer(deps.store, order.userId)), event);
    }
    if (event.type === 'StatusChanged') {
      const change = dataOf(event, 'StatusChanged');
      const kind = change && STATUS_KINDS[change.to];
      if (!change || !kind) return [];
      const order = await placedOrder(deps.store, change.orderId);
      return addressed(kind, order && (await customer(deps.store, order.userId)), event);
    }
    if (event.type === 'PasswordResetRequested') {
      const request = dataOf(event, 'PasswordResetRequested');
      if (!request) return [];
      const name = (await customer(deps.store, request.userId))?.toName ?? '';
      return [{ kind: 'password-reset', to: request.email, toName: name }];
    }
    if (isReturnCause(event.type)) {
      const data = dataOf(event, event.type);
      return addressed(
        RETURN_KINDS[event.type].kind,
        data && (await customer(deps.store, data.userId)),
        event,
      );
    }
    return [];
  }

  function addressed(
    kind: string,
    recipient: { to: string; toName: string } | undefined,
    event: RecordedEvent,
  ): OwedMessage[] {
    if (recipient) return [{ kind, ...recipient }];
    deps.logger.warn('mail: no recipient for an event; no e-mail owed', {
      eventType: event.type,
      eventId: event.id,
    });
    return [];
  }

  async function compose(owed: OwedRecord, cause: RecordedEvent): Promise<MessageContent> {
    const shop = deps.shopInfo;
    if (owed.kind === 'order-confirmation') {
      const order = required(dataOf(cause, 'OrderPlaced'), cause);
      return orderConfirmation(order, link(`/track/${order.orderId}`), shop);
    }
    const status = Object.entries(STATUS_KINDS).find(([, kind]) => kind === owed.kind)?.[0];
    if (status) {
      const change = required(dataOf(cause, 'StatusChanged'), cause);
      const order = await placedOrder(deps.store, change.orderId);
      if (!order) throw new MessageRefused(`Order ${change.orderId} is not in the log`);
      return orderStatus(status as NotifiedStatus, order, link(`/track/${order.orderId}`));
    }
    if (owed.kind === 'password-reset') {
      const request = required(dataOf(cause, 'PasswordResetRequested'), cause);
      if (Date.parse(request.expiresAt) <= deps.clock().getTime()) {
        throw new MessageRefused('The reset link expired before it could be sent');
      }
      const token = passwordResetToken(deps.signingKey, request.requestId);
      return passwordReset(
        link(`/reset-password?token=${encodeURIComponent(token)}`),
        request.expiresAt,
        shop,
      );
    }
    const returnCause = Object.entries(RETURN_KINDS).find(([, { kind }]) => kind === owed.kind);
    if (returnCause) {
      const [type, { step }] = returnCause as [ReturnCause, (typeof RETURN_KINDS)[ReturnCause]];
      const data = required(dataOf(cause, type), cause);
      const request = await requestedReturn(deps.store, data.returnId);
      if (!request) throw new MessageRefused(`Return ${data.returnId} is not in the log`);
      const order = await placedOrder(deps.store, data.orderId);
      return returnStatus(step, {
        request,
        orderName: order?.reference || data.orderId,
        orderUrl: link(`/order/${data.orderId}`),
        ...(cause.type === 'ReturnRefunded'
          ? { refunded: (data as EventData<'ReturnRefunded'>).amount }
          : {}),
      });
    }
    throw new MessageRefused(`No e-mail is written for ${owed.kind}`);
  }

  return {
    name: 'email',
    delivery: transport.delivery,
    causes: ['OrderPlaced', 'StatusChanged', 'PasswordResetRequested', ...RETURN_CAUSES],
    owedFor,
    async deliver(owed, cause) {
      const message = frame(await compose(owed, cause), owed.toName, deps.shopInfo);
      const messageId = `<${owed.causeEventId}.${owed.kind}@${host}>`;
      await transport.send({
        from: settings.from,
        to: { name: owed.toName, address: owed.to },
        ...message,
        messageId,
      });
      return { messageId };
    },
    close: () => transport.close(),
  };
}
