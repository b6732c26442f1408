import type { Config } from './config';

/** PostEx's merchant API, from the POSTEX_* variables. */
export interface PostExSettings {
  /** `https://api.postex.pk/services/integration/api/order`, without a trailing slash. */
  apiUrl: string;
  token: string;
  /** The `addressCode` of the pickup address booked parcels leave from. */
  pickupAddressCode: string;
}

/** Trax's (Sonic's) API, from the TRAX_* variables. */
export interface TraxSettings {
  /** `https://sonic.pk`, without a trailing slash (`/api/...` is added). */
  apiUrl: string;
  apiKey: string;
  pickupAddressId: number;
  /** The last part of the webhook address Trax calls. */
  webhookSecret: string;
}

/** The couriers the shop books with; a courier left out is off. */
export interface CourierSettings {
  postex?: PostExSettings;
  trax?: TraxSettings;
  /** How long one call to a courier may take; default 15 s. */
  requestTimeoutMs?: number;
}

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

/** The couriers a configuration turns on: each needs all of its variables (loadConfig names a half). */
export function courierSettingsFrom(config: Config): CourierSettings {
  const settings: CourierSettings = {};
  if (config.POSTEX_TOKEN && config.POSTEX_PICKUP_ADDRESS_CODE) {
    settings.postex = {
      apiUrl: withoutTrailingSlash(config.POSTEX_API_URL),
      token: config.POSTEX_TOKEN,
      pickupAddressCode: config.POSTEX_PICKUP_ADDRESS_CODE,
    };
  }
  if (config.TRAX_API_KEY && config.TRAX_PICKUP_ADDRESS_ID && config.TRAX_WEBHOOK_SECRET) {
    settings.trax = {
      apiUrl: withoutTrailingSlash(config.TRAX_API_URL),
      apiKey: config.TRAX_API_KEY,
      pickupAddressId: config.TRAX_PICKUP_ADDRESS_ID,
      webhookSecret: config.TRAX_WEBHOOK_SECRET,
    };
  }
  return settings;
}
