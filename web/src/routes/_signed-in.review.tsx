import { createFileRoute } from '@tanstack/react-router';
import { ReviewPage } from '../features/reviews/components/review-page';

export const Route = createFileRoute('/_signed-in/review')({
  component: ReviewPage,
});
