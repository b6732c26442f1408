export {
  allCustomersInChunks,
  type CustomerList,
  customerListPage,
  listCustomers,
} from './list';
export { customersProjector } from './projector';
export {
  findCredentials,
  findCustomer,
  findCustomerByEmail,
  findPasswordResetRequest,
  findSessionHolder,
  type SessionHolder,
} from './queries';
export type * from './tables';
