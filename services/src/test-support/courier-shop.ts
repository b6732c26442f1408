import { loadConfig } from '../platform/config/config';
import { type CourierSettings, courierSettingsFrom } from '../platform/config/courier-settings';
import { FakePostEx } from './fake-postex';
import { FakeTrax } from './fake-trax';

/** The test shops' credentials at the fake couriers. */
export const TEST_COURIERS = {
  postexToken: 'postex-test-token-0123456789',
  postexPickupAddressCode: '001',
  traxApiKey: 'trax-test-api-key-0123456789',
  traxPickupAddressId: 3015,
  traxWebhookSecret: 'trax-webhook-secret-0123456789abcdef',
} as const;

/** Both fake couriers, started together, knowing the test shop's credentials. */
export interface FakeCouriers {
  postex: FakePostEx;
  trax: FakeTrax;
  close(): Promise<void>;
}

export async function startFakeCouriers(
  options: { clock?: () => Date; postexPort?: number; traxPort?: number } = {},
): Promise<FakeCouriers> {
  const postex = await FakePostEx.start({
    token: TEST_COURIERS.postexToken,
    pickupAddressCodes: [TEST_COURIERS.postexPickupAddressCode],
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.postexPort === undefined ? {} : { port: options.postexPort }),
  });
  const trax = await FakeTrax.start({
    apiKey: TEST_COURIERS.traxApiKey,
    pickupAddressIds: [TEST_COURIERS.traxPickupAddressId],
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.traxPort === undefined ? {} : { port: options.traxPort }),
  });
  return { postex, trax, close: () => Promise.all([postex.close(), trax.close()]).then(() => undefined) };
}

/** The environment that points a shop at the fake couriers. */
export function courierEnv(fakes: FakeCouriers): Record<string, string> {
  return {
    POSTEX_TOKEN: TEST_COURIERS.postexToken,
    POSTEX_PICKUP_ADDRESS_CODE: TEST_COURIERS.postexPickupAddressCode,
    POSTEX_API_URL: fakes.postex.url,
    TRAX_API_KEY: TEST_COURIERS.traxApiKey,
    TRAX_PICKUP_ADDRESS_ID: String(TEST_COURIERS.traxPickupAddressId),
    TRAX_WEBHOOK_SECRET: TEST_COURIERS.traxWebhookSecret,
    TRAX_API_URL: fakes.trax.url,
  };
}

/** The courier settings a shop configured with `courierEnv` has, with a short timeout for tests. */
export function testCourierSettings(fakes: FakeCouriers, env: Record<string, string> = {}): CourierSettings {
  return { ...courierSettingsFrom(loadConfig({ ...courierEnv(fakes), ...env })), requestTimeoutMs: 2_000 };
}
