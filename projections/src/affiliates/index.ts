export { affiliateRequestOf, affiliateRequestPage, allAffiliateRequestsInChunks } from './list';
export { affiliatesProjector, commissionFor } from './projector';
export * from './queries';
export type * from './tables';
