import type { EventData, EventStore, EventType, OrderStatus, RecordedEvent } from '@shop/contracts';
import type { CodSettings } from '../../platform/config/cod-settings';
import type { MailSettings } from '../../platform/config/mail-settings';
import type { Logger } from '../../platform/logger';
import { dataOf, required } from '../../platform/reactors/cause';
import {
  type Channel,
  MessageNotNeeded,
  MessageRefused,
  type OwedMessage,
  type OwedRecord,
} from '../../platform/reactors/channel';
import { emailLinkToken } from '../../slices/accounts/email-link-token';
import { verificationToken } from '../../slices/accounts/email-ownership';
import { passwordResetToken } from '../../slices/accounts/reset-token';
import { confirmationLink } from '../../slices/orders/cash-on-delivery/confirmation-link';
import { confirmationExpired, confirmationReminder } from './messages/cod-confirmation';
import { emailClaim, emailVerification } from './messages/email-ownership';
import { frame, type MessageContent } from './messages/markup';
import { orderConfirmation } from './messages/order-confirmation';
import { type NotifiedStatus, orderStatus } from './messages/order-status';
import { passwordReset } from './messages/password-reset';
import { paymentProofRejected } from './messages/payment-proof';
import { type ReturnStep, returnStatus } from './messages/return-status';
import {
  customer,
  orderToConfirm,
  placedOrder,
  type Recipient,
  requestedReturn,
  submittedProof,
} from './recipients';
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

/** Cash on delivery's messages besides the order confirmation (which carries the request to confirm). */
const CONFIRMATION_KINDS = {
  OrderConfirmationReminded: 'confirmation-reminder',
  OrderConfirmationExpired: 'confirmation-expired',
} as const satisfies Partial<Record<EventType, string>>;
type ConfirmationCause = keyof typeof CONFIRMATION_KINDS;
const isConfirmationCause = (type: string): type is ConfirmationCause =>
  Object.hasOwn(CONFIRMATION_KINDS, type);

export interface MailChannelDeps {
  store: EventStore;
  clock: () => Date;
  /** Signs the password-reset links. */
  signingKey: Uint8Array;
  logger: Logger;
  /** The shop's name, support contacts and payment accounts, as GET /api/shop publishes them. */
  shopInfo: ShopDetails;
  /** When a COD order's confirmation link expires: at the end of its window. */
  cod: Pick<CodSettings, 'confirmationWindowMs'>;
}

/**
 * E-mail as an outbox channel: an order placed owes its confirmation (for cash on delivery with the
 * link to confirm it), its reminder and its expiry a message each, a change to Dispatched,
 * Delivered or Cancelled a status e-mail (not the shop's cancellation of an expired order, whose
 * expiry message says why), a password reset request the reset link, a return asked for,
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
      // The shop's process (`system`) cancels only COD orders not confirmed in time: the expiry says so.
      if (!change || !kind || change.by === 'system') return [];
      const order = await placedOrder(deps.store, change.orderId);
      return addressed(kind, order && (await customer(deps.store, order.userId)), event);
    }
    if (event.type === 'PasswordResetRequested') {
      // A reset link proves the address when used, so it goes to an unverified one too, greeting no one.
      const request = dataOf(event, 'PasswordResetRequested');
      if (!request) return [];
      const holder = await customer(deps.store, request.userId);
      const name = holder?.verified ? holder.toName : '';
      return [{ kind: 'password-reset', to: request.email, toName: name }];
    }
    if (event.type === 'EmailVerificationRequested') {
      const request = dataOf(event, 'EmailVerificationRequested');
      return request ? [{ kind: 'email-verification', to: request.email, toName: '' }] : [];
    }
    if (event.type === 'EmailReclaimRequested') {
      const request = dataOf(event, 'EmailReclaimRequested');
      return request ? [{ kind: 'email-claim', to: request.email, toName: '' }] : [];
    }
    if (isConfirmationCause(event.type)) {
      const data = dataOf(event, event.type);
      return addressed(
        CONFIRMATION_KINDS[event.type],
        data && (await customer(deps.store, data.userId)),
        event,
      );
    }
    if (event.type === 'PaymentProofRejected') {
      const rejected = dataOf(event, 'PaymentProofRejected');
      return addressed(
        'payment-proof-rejected',
        rejected && (await customer(deps.store, rejected.userId)),
        event,
      );
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

  function addressed(kind: string, recipient: Recipient | undefined, event: RecordedEvent): OwedMessage[] {
    if (recipient && !recipient.verified) {
      // Until its owner proves it, the address gets nothing but the link to prove it.
      deps.logger.info('mail: withheld, the address is not verified', { kind, eventId: event.id });
      return [];
    }
    if (recipient) return [{ kind, to: recipient.to, toName: recipient.toName }];
    deps.logger.warn('mail: no recipient for an event; no e-mail owed', {
      eventType: event.type,
      eventId: event.id,
    });
    return [];
  }

  /** The order's confirmation link, expiring with its window (the link's own long life when off). */
  async function confirmationOf(order: EventData<'OrderPlaced'>) {
    const windowMs = deps.cod.confirmationWindowMs;
    const expiresAt = windowMs === null ? null : new Date(Date.parse(order.at) + windowMs).toISOString();
    const linkDeps = { signingKey: deps.signingKey, publicUrl: settings.publicUrl, clock: deps.clock };
    return { url: await confirmationLink(linkDeps, order.orderId, expiresAt), expiresAt };
  }

  async function compose(owed: OwedRecord, cause: RecordedEvent): Promise<MessageContent> {
    const shop = deps.shopInfo;
    if (owed.kind === 'order-confirmation') {
      const order = required(dataOf(cause, 'OrderPlaced'), cause);
      const confirm = order.confirmationRequired ? await confirmationOf(order) : undefined;
      return orderConfirmation(order, link(`/track/${order.orderId}`), shop, confirm);
    }
    if (owed.kind === CONFIRMATION_KINDS.OrderConfirmationReminded) {
      const reminded = required(dataOf(cause, 'OrderConfirmationReminded'), cause);
      const { placed: order, awaiting } = await orderToConfirm(deps.store, reminded.orderId);
      if (!order) throw new MessageRefused(`Order ${reminded.orderId} is not in the log`);
      if (!awaiting) throw new MessageNotNeeded(`Order ${order.reference} no longer awaits its confirmation`);
      const { url } = await confirmationOf(order);
      return confirmationReminder(order, url, reminded.expiresAt);
    }
    if (owed.kind === CONFIRMATION_KINDS.OrderConfirmationExpired) {
      const expired = required(dataOf(cause, 'OrderConfirmationExpired'), cause);
      const order = await placedOrder(deps.store, expired.orderId);
      if (!order) throw new MessageRefused(`Order ${expired.orderId} is not in the log`);
      return confirmationExpired(order, link('/'));
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
    if (owed.kind === 'payment-proof-rejected') {
      const rejected = required(dataOf(cause, 'PaymentProofRejected'), cause);
      const order = await placedOrder(deps.store, rejected.orderId);
      const proof = await submittedProof(deps.store, rejected.orderId, rejected.proofId);
      const orderUrl = link(`/order/${rejected.orderId}`);
      return paymentProofRejected(rejected, proof, order?.reference || rejected.orderId, orderUrl);
    }
    if (owed.kind === 'email-verification') {
      const request = required(dataOf(cause, 'EmailVerificationRequested'), cause);
      const token = verificationToken(deps.signingKey, request.userId, request.requestId);
      return emailVerification(
        link(`/verify-email?token=${encodeURIComponent(token)}`),
        request.expiresAt,
        shop,
      );
    }
    if (owed.kind === 'email-claim') {
      const request = required(dataOf(cause, 'EmailReclaimRequested'), cause);
      const token = emailLinkToken(deps.signingKey, 'claim', request.requestId);
      return emailClaim(link(`/verify-email?token=${encodeURIComponent(token)}`), request.expiresAt, shop);
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
    causes: [
      'OrderPlaced',
      'StatusChanged',
      'PasswordResetRequested',
      'EmailVerificationRequested',
      'EmailReclaimRequested',
      'OrderConfirmationReminded',
      'OrderConfirmationExpired',
      'PaymentProofRejected',
      ...RETURN_CAUSES,
    ],
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
