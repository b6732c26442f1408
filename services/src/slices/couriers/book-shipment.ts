import {
  type BookShipmentInput,
  type CourierCity,
  type Order,
  type ShipmentView,
  streams,
  toMinor,
} from '@shop/contracts';
import { orderDetails } from '@shop/projections';
import { aggregateStream } from '../../platform/commands/aggregate-stream';
import { handleCommand } from '../../platform/commands/handle-command';
import { CourierRefused, type Parcel } from '../../platform/couriers/courier';
import { conflict, serviceUnavailable, validationFailed } from '../../platform/errors';
import type { ShopDeps } from '../../shop-deps';
import { orderNotFound } from '../orders/decide';
import { answerSettingsOf } from '../orders/order-answers';
import { configuredCourier, courierProblem } from './routes-support';
import { shipmentDecider, shipmentView } from './shipment';

/** Statuses an order can be booked in: placed, not yet handed to a courier, not cancelled. */
const BOOKABLE = new Set(['Pending', 'Paid', 'Processing']);

/** The order's answer with its parcel. */
export type OrderWithShipment = Order & { shipment: ShipmentView | null };

/** Cash the rider collects: what the order still owes, nothing when it is paid. */
export const cashToCollect = (order: Pick<Order, 'isPaid' | 'totalPrice'>) =>
  order.isPaid ? 0 : order.totalPrice;

/** The order's parcel, read from its stream. */
export async function shipmentOf(deps: ShopDeps, orderId: string): Promise<ShipmentView | null> {
  const { state } = await aggregateStream(deps.store, streams.shipment(orderId), shipmentDecider);
  return shipmentView(state, deps.clock());
}

async function courierCity(deps: ShopDeps, input: BookShipmentInput, order: Order): Promise<CourierCity> {
  const courier = configuredCourier(deps, input.courier);
  const directory = deps.couriers.cityDirectory;
  const city = input.cityId
    ? await directory.byId(courier, input.cityId)
    : await directory.match(courier, order.shippingAddress.city);
  if (city) return city;
  const message = input.cityId
    ? `${courier.name} has no city ${input.cityId}; pick one from GET /api/admin/couriers/${courier.id}/cities.`
    : `${courier.name} does not list ${order.shippingAddress.city}; pick one of its cities for this parcel.`;
  throw validationFailed([{ field: 'cityId', message }], message);
}

/**
 * Books an order's parcel with a courier: checks the order can go, records that it is booking, calls
 * the courier, then records what it said (booked, refused, or no answer: outcome unknown). Answers the
 * order with its shipment; a refusal is 409 and no answer 503, both recorded on the order's parcel.
 */
export async function bookShipment(
  deps: ShopDeps,
  orderId: string,
  input: BookShipmentInput,
  adminId: string,
): Promise<OrderWithShipment> {
  const settings = answerSettingsOf(deps);
  const order = orderDetails(deps.readModels, { id: orderId, ...settings });
  if (!order) throw orderNotFound();
  if (!BOOKABLE.has(order.status)) throw conflict(`A ${order.status} order cannot be booked with a courier.`);
  if (order.confirmation.state === 'awaiting' || order.confirmation.state === 'expired') {
    throw conflict('This cash-on-delivery order is not confirmed yet; confirm it before booking.');
  }
  const courier = configuredCourier(deps, input.courier);
  let city: CourierCity;
  try {
    city = await courierCity(deps, input, order);
  } catch (error) {
    throw courierProblem(error);
  }
  const codAmount = cashToCollect(order);
  const attemptId = deps.newId();
  const context = { actor: adminId, correlationId: orderId };
  await handleCommand(
    deps,
    shipmentDecider,
    streams.shipment(orderId),
    {
      type: 'StartBooking',
      data: {
        orderId,
        attemptId,
        courier: courier.id,
        codAmount: toMinor(codAmount),
        city,
        pieces: input.pieces,
        ...(input.weightGrams === undefined ? {} : { weightGrams: input.weightGrams }),
        again: input.again,
        by: adminId,
        at: deps.clock().toISOString(),
      },
    },
    context,
  );
  const parcel: Parcel = {
    orderReference: order.reference,
    consignee: {
      name: order.shippingAddress.fullName || order.User?.name || 'Customer',
      phone: order.shippingAddress.phone.replace(/\D/g, '').replace(/^92/, '0'),
      ...(order.User?.email ? { email: order.User.email } : {}),
      address: order.shippingAddress.address,
      city,
    },
    codAmount,
    pieces: input.pieces,
    items: order.orderItems.reduce((sum, item) => sum + item.qty, 0),
    ...(input.weightGrams === undefined ? {} : { weightGrams: input.weightGrams }),
    description: order.orderItems
      .map((item) => `${item.qty} x ${item.name}${item.size ? ` (${item.size})` : ''}`)
      .join(', '),
    ...(order.deliveryNote ? { note: order.deliveryNote } : {}),
  };
  const record = (outcome: Parameters<typeof shipmentDecider.decide>[0] & { type: 'RecordBookingOutcome' }) =>
    handleCommand(deps, shipmentDecider, streams.shipment(orderId), outcome, context);
  const base = { orderId, attemptId, courier: courier.id };
  try {
    const booked = await courier.book(parcel);
    await record({
      type: 'RecordBookingOutcome',
      outcome: { type: 'ShipmentBooked', data: { ...base, ...booked, at: deps.clock().toISOString() } },
    });
  } catch (error) {
    const reason = (error as Error).message;
    const refused = error instanceof CourierRefused;
    await record({
      type: 'RecordBookingOutcome',
      outcome: refused
        ? { type: 'ShipmentBookingFailed', data: { ...base, reason, at: deps.clock().toISOString() } }
        : {
            type: 'ShipmentBookingOutcomeUnknown',
            data: { ...base, reason, at: deps.clock().toISOString() },
          },
    });
    if (refused) throw courierProblem(error);
    throw serviceUnavailable(
      `${courier.name} did not answer (${reason}), so the parcel may or may not be booked: check with ${courier.name} before booking it again.`,
    );
  }
  return { ...order, shipment: await shipmentOf(deps, orderId) };
}

/** Cancels a booking the courier has not picked up yet. */
export async function cancelShipment(
  deps: ShopDeps,
  orderId: string,
  adminId: string,
): Promise<OrderWithShipment> {
  const order = orderDetails(deps.readModels, { id: orderId, ...answerSettingsOf(deps) });
  if (!order) throw orderNotFound();
  const shipment = await shipmentOf(deps, orderId);
  if (shipment?.state !== 'booked' || !shipment.trackingNumber) {
    throw conflict('This order has no booking to cancel.');
  }
  const courier = configuredCourier(deps, shipment.courier);
  try {
    await courier.cancel(shipment.trackingNumber);
  } catch (error) {
    throw courierProblem(error);
  }
  await handleCommand(
    deps,
    shipmentDecider,
    streams.shipment(orderId),
    {
      type: 'CancelShipment',
      data: {
        orderId,
        courier: courier.id,
        trackingNumber: shipment.trackingNumber,
        by: adminId,
        at: deps.clock().toISOString(),
      },
    },
    { actor: adminId, correlationId: orderId },
  );
  return { ...order, shipment: await shipmentOf(deps, orderId) };
}
