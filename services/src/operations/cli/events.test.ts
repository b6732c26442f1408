import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RecordedEvent } from '@shop/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteEventStore } from '../../platform/eventstore/sqlite/sqlite-event-store';
import { runOperatorCommand } from './commands';
import { capturedIo } from './test-io';

let dataDir: string;
beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'events-export-'));
  // Stored at 10:00 UTC (15:00 in Karachi) on 1, 2 and 3 May, then at 20:00 UTC on 3 May (4 May in Karachi).
  const times = [
    '2024-05-01T10:00:00Z',
    '2024-05-02T10:00:00Z',
    '2024-05-03T10:00:00Z',
    '2024-05-03T20:00:00Z',
  ];
  let next = 0;
  const store = openSqliteEventStore({
    path: join(dataDir, 'events.sqlite'),
    now: () => Date.parse(times[next++]!),
  });
  await store.append('order-1', [{ type: 'OrderPlaced', data: { n: 1, orderId: '1' } }]);
  await store.append('review-1', [{ type: 'ReviewPosted', data: { n: 2 } }]);
  await store.append('order-1', [{ type: 'StatusChanged', data: { n: 3 } }]);
  await store.append('order-2', [{ type: 'OrderPlaced', data: { n: 4, orderId: '2' } }]);
  await store.close();
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

async function exported(...args: string[]): Promise<RecordedEvent[]> {
  const io = capturedIo({ DATA_DIR: dataDir });
  expect(await runOperatorCommand(['events', 'export', ...args], io)).toBe(0);
  return io
    .stdout()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as RecordedEvent);
}
const numbers = (events: RecordedEvent[]) => events.map((event) => (event.data as { n: number }).n);

describe('npm run events -- export', () => {
  it('writes the whole log as NDJSON, in position order, with every field, each event at its current version', async () => {
    const events = await exported();
    expect(numbers(events)).toEqual([1, 2, 3, 4]);
    expect(events[0]).toMatchObject({
      streamName: 'order-1',
      type: 'OrderPlaced',
      revision: 0,
      position: 1,
      timestamp: Date.parse('2024-05-01T10:00:00Z'),
      data: {
        orderId: '1',
        reference: expect.stringMatching(/^[A-Z0-9]{10}$/),
        confirmationRequired: false,
      },
      metadata: { schemaVersion: 3, actor: 'system' },
    });
    // ReviewPosted is at schema 2 since reviews name the order line they verify.
    expect(events[1]?.metadata).toMatchObject({ schemaVersion: 2 });
  });

  it('keeps the Karachi days from --from to --to, both inclusive', async () => {
    expect(numbers(await exported('--from', '2024-05-02', '--to', '2024-05-03'))).toEqual([2, 3]);
    expect(numbers(await exported('--from', '2024-05-04'))).toEqual([4]);
    expect(numbers(await exported('--to=2024-05-01'))).toEqual([1]);
  });

  it('keeps the given types, with the dates', async () => {
    expect(numbers(await exported('--type', 'OrderPlaced'))).toEqual([1, 4]);
    expect(numbers(await exported('--type', 'OrderPlaced,ReviewPosted', '--to', '2024-05-03'))).toEqual([
      1, 2,
    ]);
  });

  it('writes to --out instead of stdout', async () => {
    const out = join(dataDir, 'log.ndjson');
    const io = capturedIo({ DATA_DIR: dataDir });
    expect(await runOperatorCommand(['events', 'export', '--type', 'StatusChanged', '--out', out], io)).toBe(
      0,
    );
    expect(io.stdout()).toBe('');
    expect(io.stderr()).toContain(`Exported 1 events to ${out}`);
    expect(
      numbers(
        readFileSync(out, 'utf8')
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line)),
      ),
    ).toEqual([3]);
  });

  it('refuses a date that is not YYYY-MM-DD', async () => {
    const io = capturedIo({ DATA_DIR: dataDir });
    expect(await runOperatorCommand(['events', 'export', '--from', '2024-02-30'], io)).toBe(2);
    expect(io.stderr()).toContain('--from must be a date, YYYY-MM-DD');
  });
});
