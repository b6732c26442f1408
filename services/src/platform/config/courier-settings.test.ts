import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { courierSettingsFrom } from './courier-settings';

function problemsOf(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems.join('\n');
    throw error;
  }
  return '';
}

const POSTEX = { POSTEX_TOKEN: 'pk-token-0123456789', POSTEX_PICKUP_ADDRESS_CODE: '001' };
const TRAX = {
  TRAX_API_KEY: 'trax-key-0123456789',
  TRAX_PICKUP_ADDRESS_ID: '3015',
  TRAX_WEBHOOK_SECRET: 'a-webhook-secret-of-24-chars-or-more',
};

describe('courier configuration', () => {
  it('leaves every courier off when nothing is set', () => {
    expect(courierSettingsFrom(loadConfig({}))).toEqual({});
  });

  it("turns PostEx on with its token and pickup address, at PostEx's production address unless told otherwise", () => {
    expect(courierSettingsFrom(loadConfig(POSTEX))).toEqual({
      postex: {
        apiUrl: 'https://api.postex.pk/services/integration/api/order',
        token: 'pk-token-0123456789',
        pickupAddressCode: '001',
      },
    });
    expect(
      courierSettingsFrom(loadConfig({ ...POSTEX, POSTEX_API_URL: 'http://127.0.0.1:4010/api/' })).postex
        ?.apiUrl,
    ).toBe('http://127.0.0.1:4010/api');
  });

  it("turns Trax on with its key, pickup address and webhook secret, at Trax's production address", () => {
    expect(courierSettingsFrom(loadConfig(TRAX))).toEqual({
      trax: {
        apiUrl: 'https://sonic.pk',
        apiKey: 'trax-key-0123456789',
        pickupAddressId: 3015,
        webhookSecret: 'a-webhook-secret-of-24-chars-or-more',
      },
    });
  });

  it('names the missing half of a courier and never echoes a secret', () => {
    expect(problemsOf({ POSTEX_TOKEN: POSTEX.POSTEX_TOKEN })).toContain(
      'POSTEX_PICKUP_ADDRESS_CODE is required: POSTEX_TOKEN and POSTEX_PICKUP_ADDRESS_CODE turn PostEx on together',
    );
    expect(problemsOf({ TRAX_API_KEY: TRAX.TRAX_API_KEY })).toContain(
      'TRAX_PICKUP_ADDRESS_ID and TRAX_WEBHOOK_SECRET are required: TRAX_API_KEY, TRAX_PICKUP_ADDRESS_ID, TRAX_WEBHOOK_SECRET turn Trax on together',
    );
    expect(problemsOf({ ...TRAX, TRAX_WEBHOOK_SECRET: '' })).toContain('TRAX_WEBHOOK_SECRET is required');
    const problems = problemsOf({
      ...TRAX,
      TRAX_WEBHOOK_SECRET: 'short',
      TRAX_PICKUP_ADDRESS_ID: 'main',
      TRAX_API_KEY: 'abc',
    });
    expect(problems).toContain(
      "TRAX_WEBHOOK_SECRET must be 24 to 128 letters, digits, - or _ (it is part of a URL) (got '***')",
    );
    expect(problems).toContain(
      "TRAX_PICKUP_ADDRESS_ID must be the id (a whole number) of a pickup address registered with Trax (got 'main')",
    );
    expect(problems).toContain("TRAX_API_KEY must be the API key from Trax's merchant portal (got '***')");
    expect(problems).not.toContain('short');
    expect(problemsOf({ ...POSTEX, POSTEX_API_URL: 'ftp://postex' })).toContain(
      'POSTEX_API_URL must be an http(s):// URL',
    );
  });
});
