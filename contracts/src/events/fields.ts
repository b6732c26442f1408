import { z } from 'zod';

/** What every event's data is made of: times are ISO strings from the injected clock, money is in minor units (paisa). */
export const at = z.string();
export const id = z.string().min(1);
export const minor = z.number().int();
