import { describe, expect, it } from 'vitest';
import { codSettingsFrom } from './cod-settings';
import { type ConfigError, loadConfig } from './config';

const problemsOf = (env: Record<string, string>): string[] => {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    return (error as ConfigError).problems;
  }
};

describe('COD_CONFIRMATION_WINDOW and COD_REFUSAL_LIMIT', () => {
  it('default to 48 hours and 2 refusals', () => {
    expect(codSettingsFrom(loadConfig({}))).toEqual({
      confirmationWindowMs: 48 * 3_600_000,
      refusalLimit: 2,
    });
  });

  it('read a window in seconds, minutes, hours or days, or off', () => {
    const windowOf = (value: string) =>
      codSettingsFrom(loadConfig({ COD_CONFIRMATION_WINDOW: value })).confirmationWindowMs;
    expect([windowOf('90s'), windowOf('30m'), windowOf('48h'), windowOf('2d'), windowOf('off')]).toEqual([
      90_000,
      1_800_000,
      172_800_000,
      172_800_000,
      null,
    ]);
    expect(codSettingsFrom(loadConfig({ COD_REFUSAL_LIMIT: '5' })).refusalLimit).toBe(5);
  });

  it('name a window they cannot read, one shorter than 10 seconds, and a limit that is not 1 to 100', () => {
    const window = "must be a duration such as 48h, 30m or 90s (at least 10s), or 'off'";
    for (const value of ['2 days', '48', 'h', '5s', '-1h']) {
      expect(problemsOf({ COD_CONFIRMATION_WINDOW: value })).toEqual([
        `COD_CONFIRMATION_WINDOW ${window} (got '${value}')`,
      ]);
    }
    for (const value of ['0', '2.5', 'two', '101']) {
      expect(problemsOf({ COD_REFUSAL_LIMIT: value })).toEqual([
        `COD_REFUSAL_LIMIT must be a whole number from 1 to 100 (got '${value}')`,
      ]);
    }
    expect(problemsOf({ COD_CONFIRMATION_WINDOW: '10s' })).toEqual([]);
  });
});
