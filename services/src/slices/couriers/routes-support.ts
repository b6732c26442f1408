import type { CourierId } from '@shop/contracts';
import { type Courier, CourierRefused, CourierUnavailable } from '../../platform/couriers/courier';
import { conflict, notFound, serviceUnavailable } from '../../platform/errors';
import type { ShopDeps } from '../../shop-deps';

/** A courier's failure as the admin sees it: the courier's own words, and whether to try again. */
export function courierProblem(error: unknown): unknown {
  if (error instanceof CourierUnavailable)
    return serviceUnavailable(`${error.message}. Try again in a moment.`);
  if (error instanceof CourierRefused) {
    return error.credentials ? serviceUnavailable(error.message) : conflict(error.message);
  }
  return error;
}

/** The configured courier named in the path; 404 when the shop is not configured for it. */
export function configuredCourier(deps: ShopDeps, id: CourierId): Courier {
  const courier = deps.couriers.get(id);
  if (!courier) throw notFound(`The shop is not configured for ${id} (see docs/operations.md, Couriers).`);
  return courier;
}
