export { catalogueProjector } from './projector';
export {
  type CatalogueEntry,
  type CatalogueFilters,
  categoryCounts,
  findCatalogueEntry,
  findProduct,
  hasEverHadProducts,
  type LiveProductStamp,
  listProducts,
  liveProductStamps,
  queryCatalogue,
} from './queries';
export type {
  CatalogueProductRow,
  CatalogueProductSizesTable,
  CatalogueProductsTable,
  CatalogueReviewsTable,
} from './tables';
