export { reviewsProjector } from './projector';
export {
  adminReviewPage,
  allAdminReviewsInChunks,
  countReviewsByUser,
  listAdminReviews,
  listPublicReviews,
} from './queries';
export type { ReviewAuthorsTable, ReviewProductsTable, ReviewRow, ReviewsTable } from './tables';
