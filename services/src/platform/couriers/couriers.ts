import type { CourierId, CourierSummary } from '@shop/contracts';
import type { CourierSettings } from '../config/courier-settings';
import { CityDirectory } from './city-directory';
import type { Courier } from './courier';
import { postExCourier } from './postex';
import { traxCourier } from './trax';

/** How long one call to a courier may take unless configured otherwise. */
export const COURIER_TIMEOUT_MS = 15_000;

/** The couriers this shop is configured for, and their city lists. */
export class Couriers {
  readonly #couriers = new Map<CourierId, { courier: Courier; summary: CourierSummary }>();
  readonly cityDirectory: CityDirectory;

  constructor(settings: CourierSettings, clock: () => Date) {
    const timeoutMs = settings.requestTimeoutMs ?? COURIER_TIMEOUT_MS;
    if (settings.postex) {
      this.#couriers.set('postex', {
        courier: postExCourier(settings.postex, timeoutMs, clock),
        summary: { id: 'postex', name: 'PostEx', apiUrl: settings.postex.apiUrl, webhook: false },
      });
    }
    if (settings.trax) {
      this.#couriers.set('trax', {
        courier: traxCourier(settings.trax, timeoutMs, clock),
        summary: { id: 'trax', name: 'Trax', apiUrl: settings.trax.apiUrl, webhook: true },
      });
    }
    this.cityDirectory = new CityDirectory(clock);
  }

  /** The configured couriers, in a fixed order. */
  list(): CourierSummary[] {
    return [...this.#couriers.values()].map((entry) => entry.summary);
  }

  /** The courier's adapter; undefined when it is not configured. */
  get(id: CourierId): Courier | undefined {
    return this.#couriers.get(id)?.courier;
  }
}
