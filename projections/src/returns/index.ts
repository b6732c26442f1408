export { returnsProjector } from './projector';
export { adminReturns, orderReturns, returnDetails } from './queries';
export { findReturn, listReturnsOfOrder } from './rows';
export type * from './tables';
