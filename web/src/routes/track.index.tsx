import { createFileRoute } from '@tanstack/react-router';
import { TrackEntry } from '../features/orders/components/track-entry';
import { requireSignedIn } from '../lib/guards';

export const Route = createFileRoute('/track/')({
  beforeLoad: requireSignedIn,
  component: TrackEntry,
});
