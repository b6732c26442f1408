import { startFakeJazzCash } from './fake-jazzcash';

// `npm run fake:jazzcash`: the fake JazzCash for a demo on one machine. Start the shop with
// JAZZCASH_API_URL=http://127.0.0.1:<port> and the same merchant ID, password and salt.
const env = process.env;
const fake = await startFakeJazzCash({
  merchantId: env.JAZZCASH_MERCHANT_ID ?? 'MC00000',
  password: env.JAZZCASH_PASSWORD ?? 'demo-password',
  salt: env.JAZZCASH_INTEGRITY_SALT ?? 'demo-integrity-salt',
  ipnUrl: env.FAKE_JAZZCASH_IPN_URL ?? 'http://127.0.0.1:3000/api/payments/jazzcash/ipn',
  port: Number(env.FAKE_JAZZCASH_PORT ?? 4100),
});
console.log(
  `fake JazzCash at ${fake.url} (IPN to ${env.FAKE_JAZZCASH_IPN_URL ?? 'http://127.0.0.1:3000/api/payments/jazzcash/ipn'})`,
);
const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
