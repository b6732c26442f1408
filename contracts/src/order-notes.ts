import { z } from 'zod';

export const ORDER_NOTE_MAX = 1000;

/** Body of POST /api/admin/orders/{id}/notes. */
export const OrderNoteInput = z.object({
  text: z
    .string({ error: 'Note is required' })
    .trim()
    .min(1, 'Note is required')
    .max(ORDER_NOTE_MAX, `Note must be at most ${ORDER_NOTE_MAX} characters`),
});
export type OrderNoteInput = z.infer<typeof OrderNoteInput>;

/** An admin's note on an order; shoppers never see them. */
export interface OrderNote {
  id: string;
  text: string;
  at: string;
  by: { id: string; name: string } | null;
}
