export { affiliatesProjector, commissionFor } from './projector';
export { affiliateRequestOf, affiliateRequestPage, allAffiliateRequestsInChunks } from './queries';
export * from './rows';
export type * from './tables';
