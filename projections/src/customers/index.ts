export { customersProjector } from './projector';
export {
  allCustomersInChunks,
  type CustomerList,
  customerListPage,
  findCredentials,
  findCustomer,
  findCustomerByEmail,
  findPasswordResetRequest,
  findSessionHolder,
  listCustomers,
  type SessionHolder,
} from './queries';
export type * from './tables';
