export { customersProjector } from './projector';
export { findCredentials, findCustomer, findCustomerByEmail, listCustomers } from './queries';
export type { CustomerCredentialsTable, CustomerRow, CustomersTable } from './tables';
