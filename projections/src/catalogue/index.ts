export { catalogueProjector } from './projector';
export {
  adminProductPage,
  allProductsInChunks,
  type CatalogueEntry,
  categoryCounts,
  findCatalogueEntry,
  findProduct,
  hasEverHadProducts,
  knownCategorySpelling,
  type LiveProductStamp,
  listProducts,
  liveProductStamps,
  queryCatalogue,
} from './queries';
export type { CatalogueFilters } from './rows';
export type {
  CatalogueProductRow,
  CatalogueProductSizesTable,
  CatalogueProductsTable,
  CatalogueReviewsTable,
} from './tables';
