export { reviewsProjector } from './projector';
export {
  adminReviewPage,
  allAdminReviewsInChunks,
  countVerifiedReviewsByUser,
  latestVerifiedReviews,
  listAdminReviews,
  listPublicReviews,
  listReviewsOfUser,
} from './queries';
export type { ReviewAuthorsTable, ReviewProductsTable, ReviewRow, ReviewsTable } from './tables';
