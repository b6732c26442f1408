/**
 * Starts the fake PostEx and Trax for a local demo (`npm run couriers:fake`) and prints the
 * environment to start the shop with. Parcels move on when told to on standard input:
 * `postex <tracking number> <code> [message]` (0003, 0005, 0013 "Attempt Made: RFD", 0040, 0006),
 * `postex-settle <tracking number>`, `trax <tracking number> <status>` (Shipment - Rider Picked,
 * Shipment - Delivered, Return - Delivered to Shipper), `trax-pay <tracking number>`.
 */
import { createInterface } from 'node:readline';
import { courierEnv, startFakeCouriers } from './courier-shop';

const fakes = await startFakeCouriers({
  postexPort: Number(process.env.FAKE_POSTEX_PORT ?? 4010),
  traxPort: Number(process.env.FAKE_TRAX_PORT ?? 4011),
});
if (process.env.FAKE_TRAX_WEBHOOK_URL) fakes.trax.webhookUrl = process.env.FAKE_TRAX_WEBHOOK_URL;
console.log('Fake couriers listening. Start the shop with:\n');
for (const [key, value] of Object.entries(courierEnv(fakes))) console.log(`${key}=${value}`);
console.log(
  '\nThen type, e.g.: postex <tn> 0005 | postex-settle <tn> | trax <tn> Shipment - Delivered | trax-pay <tn>',
);

const lines = createInterface({ input: process.stdin });
lines.on('line', async (line) => {
  const [command, trackingNumber, ...rest] = line.trim().split(/\s+/);
  try {
    if (!trackingNumber) return;
    if (command === 'postex')
      fakes.postex.advance(
        trackingNumber,
        rest[0] ?? '',
        ...(rest.length > 1 ? [rest.slice(1).join(' ')] : []),
      );
    else if (command === 'postex-settle') fakes.postex.settle(trackingNumber);
    else if (command === 'trax') await fakes.trax.move(trackingNumber, rest.join(' '));
    else if (command === 'trax-pay') await fakes.trax.pay(trackingNumber);
    else return console.log(`unknown command ${command}`);
    console.log('ok');
  } catch (error) {
    console.log((error as Error).message);
  }
});
process.on('SIGINT', () => void fakes.close().then(() => process.exit(0)));
