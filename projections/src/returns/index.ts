export { adminReturns, orderReturns, returnDetails } from './answers';
export { returnsProjector } from './projector';
export { findReturn, listReturnsOfOrder, pageOfReturns, type ReturnsPosition } from './queries';
export type * from './tables';
