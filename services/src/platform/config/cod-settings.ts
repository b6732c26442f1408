import { type Config, durationMs } from './config';

/**
 * Cash on delivery's two settings (docs/rules/cash-on-delivery.md), from COD_CONFIRMATION_WINDOW and
 * COD_REFUSAL_LIMIT.
 */
export interface CodSettings {
  /** How long a COD order may await confirmation; null when the window is off (nothing expires). */
  confirmationWindowMs: number | null;
  /** Refusals on an account or phone from which COD is not offered. */
  refusalLimit: number;
}

export function codSettingsFrom(
  config: Pick<Config, 'COD_CONFIRMATION_WINDOW' | 'COD_REFUSAL_LIMIT'>,
): CodSettings {
  const window = config.COD_CONFIRMATION_WINDOW;
  return {
    confirmationWindowMs: window === 'off' ? null : durationMs(window),
    refusalLimit: config.COD_REFUSAL_LIMIT,
  };
}
