import { setupServer } from 'msw/node';

/** One msw server for the web tests; each test declares the calls it expects with `server.use(...)`. */
export const server = setupServer();
