import { createFileRoute } from '@tanstack/react-router';
import { ReviewPage } from '../features/reviews/components/review-page';
import { requireSignedIn } from '../lib/guards';

export const Route = createFileRoute('/review')({
  beforeLoad: requireSignedIn,
  component: ReviewPage,
});
