export { reviewsProjector } from './projector';
export { countReviewsByUser, listAdminReviews, listPublicReviews } from './queries';
export type { ReviewAuthorsTable, ReviewProductsTable, ReviewRow, ReviewsTable } from './tables';
