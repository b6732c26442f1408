export { customersProjector } from './projector';
export {
  findCredentials,
  findCustomer,
  findCustomerByEmail,
  findPasswordResetRequest,
  findSessionHolder,
  listCustomers,
  type SessionHolder,
} from './queries';
export type {
  CustomerCredentialsTable,
  CustomerRow,
  CustomersTable,
  EndedSessionsTable,
  PasswordResetRequestsTable,
} from './tables';
