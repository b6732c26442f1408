import { createFileRoute } from '@tanstack/react-router';
import { TrackEntry } from '../features/orders/components/track-entry';

export const Route = createFileRoute('/_signed-in/track/')({
  component: TrackEntry,
});
