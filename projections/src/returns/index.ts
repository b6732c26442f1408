export { adminReturns, orderReturns, returnDetails } from './answers';
export { returnsProjector } from './projector';
export { findReturn, listReturnsOfOrder } from './queries';
export type * from './tables';
