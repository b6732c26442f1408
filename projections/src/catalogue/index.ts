export { catalogueProjector } from './projector';
export {
  adminProductPage,
  allProductsInChunks,
  type CatalogueEntry,
  type CatalogueFilters,
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
export type {
  CatalogueProductRow,
  CatalogueProductSizesTable,
  CatalogueProductsTable,
  CatalogueReviewsTable,
} from './tables';
