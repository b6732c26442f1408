import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { anOrderPlaced, aStatusChanged } from '@shop/testing';
import { parse } from 'csv-parse/sync';
import { parquetReadObjects } from 'hyparquet';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteEventStore } from '../../platform/eventstore/sqlite/sqlite-event-store';
import { runOperatorCommand } from './commands';
import { capturedIo } from './test-io';

let dataDir: string;
let outDir: string;
beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'events-tables-'));
  outDir = join(dataDir, 'export');
  const times = [
    '2024-05-01T10:00:00Z',
    '2024-05-02T10:00:00Z',
    '2024-05-03T20:00:00Z',
    '2024-05-03T20:00:00Z',
  ];
  let next = 0;
  const store = openSqliteEventStore({
    path: join(dataDir, 'events.sqlite'),
    now: () => Date.parse(times[next++]!),
  });
  const twoLines = anOrderPlaced({
    orderId: 'o1',
    lines: [
      { ...anOrderPlaced().lines[0]!, lineId: 'l1', name: '=HYPERLINK("http://evil")', qty: 2 },
      {
        ...anOrderPlaced().lines[0]!,
        lineId: 'l2',
        productId: 'p2',
        size: 'LG',
        unitPrice: 5_999_00,
        qty: 1,
      },
    ],
    affiliateCode: 'ALI5',
  });
  await store.append('order-o1', [{ type: 'OrderPlaced', data: twoLines, metadata: { actor: 'u1' } }]);
  await store.append('order-o1', [{ type: 'StatusChanged', data: aStatusChanged('o1', 'Pending', 'Paid') }]);
  await store.append('order-o2', [{ type: 'OrderPlaced', data: anOrderPlaced({ orderId: 'o2' }) }]);
  await store.append('user-u1', [
    {
      type: 'UserRegistered',
      data: {
        userId: 'u1',
        name: 'Ayesha',
        email: 'ayesha@example.pk',
        contact: '0300-1234567',
        passwordHash: 'scrypt$secret',
        isAdmin: false,
        at: '2024-05-03T20:00:00.000Z',
      },
    },
  ]);
  await store.close();
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

async function exportAs(format: string, ...args: string[]) {
  const io = capturedIo({ DATA_DIR: dataDir });
  const code = await runOperatorCommand(
    ['events', 'export', '--format', format, '--out-dir', outDir, ...args],
    io,
  );
  return { code, stderr: io.stderr() };
}

async function parquetRows(table: string): Promise<Record<string, unknown>[]> {
  const bytes = readFileSync(join(outDir, `${table}.parquet`));
  const file = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  return parquetReadObjects({ file });
}

function csvRows(table: string): Record<string, string>[] {
  return parse(readFileSync(join(outDir, `${table}.csv`), 'utf8'), { columns: true });
}

describe('npm run events -- export --format parquet|csv', () => {
  it('writes a Parquet file per event type, with the data flattened into typed columns', async () => {
    expect((await exportAs('parquet')).code).toBe(0);
    expect(readdirSync(outDir).sort()).toEqual([
      'OrderPlaced.parquet',
      'OrderPlaced_lines.parquet',
      'StatusChanged.parquet',
      'UserRegistered.parquet',
    ]);
    const orders = await parquetRows('OrderPlaced');
    expect(orders).toHaveLength(2);
    expect(orders[0]).toMatchObject({
      position: 1n,
      stream: 'order-o1',
      revision: 0n,
      actor: 'u1',
      orderId: 'o1',
      paymentMethod: 'COD',
      totalPrice: 9_000n,
      affiliateCode: 'ALI5',
      affiliateUserId: null,
      shippingAddress_city: 'Lahore',
      shippingAddress_phone: '0300-1234567',
    });
    expect(orders[0]!.storedAt).toEqual(new Date('2024-05-01T10:00:00Z'));
    expect(orders[1]).toMatchObject({ position: 3n, orderId: 'o2', affiliateCode: null });

    const status = await parquetRows('StatusChanged');
    expect(status).toEqual([
      expect.objectContaining({ orderId: 'o1', from: 'Pending', to: 'Paid', paid: true }),
    ]);
  });

  it("writes an order's lines as a table of their own, joined to the order by position", async () => {
    await exportAs('parquet');
    const lines = await parquetRows('OrderPlaced_lines');
    expect(lines.map((l) => [l.position, l.item, l.lineId, l.productId, l.size, l.unitPrice, l.qty])).toEqual(
      [
        [1n, 0n, 'l1', 'p1', 'MD', 4_000n, 2n],
        [1n, 1n, 'l2', 'p2', 'LG', 599_900n, 1n],
        [3n, 0n, 'l1', 'p1', 'MD', 4_000n, 2n],
      ],
    );
  });

  it('writes CSV with a header row, ISO times, empty cells for nulls and formulas neutralised', async () => {
    const { code, stderr } = await exportAs('csv');
    expect(code).toBe(0);
    expect(stderr).toContain('OrderPlaced_lines: 3 rows');
    const orders = csvRows('OrderPlaced');
    expect(orders[0]).toMatchObject({
      position: '1',
      storedAt: '2024-05-01T10:00:00.000Z',
      orderId: 'o1',
      totalPrice: '9000',
      affiliateUserId: '',
      shippingAddress_city: 'Lahore',
    });
    expect(csvRows('OrderPlaced_lines')[0]!.name).toBe(`'=HYPERLINK("http://evil")`);
    expect(csvRows('StatusChanged')[0]).toMatchObject({ paid: 'true', delivered: 'false' });
  });

  it('leaves password hashes out', async () => {
    await exportAs('parquet');
    const [user] = await parquetRows('UserRegistered');
    expect(user).toMatchObject({ userId: 'u1', email: 'ayesha@example.pk' });
    expect(user).not.toHaveProperty('passwordHash');
    expect(readFileSync(join(outDir, 'UserRegistered.parquet')).includes('scrypt$secret')).toBe(false);
  });

  it('keeps the same filters as the NDJSON export', async () => {
    await exportAs('csv', '--type', 'StatusChanged');
    expect(readdirSync(outDir)).toEqual(['StatusChanged.csv']);
  });

  it('refuses a format it does not know and a table format without a folder, writing nothing', async () => {
    const io = capturedIo({ DATA_DIR: dataDir });
    expect(await runOperatorCommand(['events', 'export', '--format', 'xlsx', '--out-dir', outDir], io)).toBe(
      2,
    );
    expect(io.stderr()).toContain('--format must be ndjson, csv or parquet');
    const noDir = capturedIo({ DATA_DIR: dataDir });
    expect(await runOperatorCommand(['events', 'export', '--format', 'parquet'], noDir)).toBe(2);
    expect(noDir.stderr()).toContain('give --out-dir DIR');
    expect(() => readdirSync(outDir)).toThrow();
  });
});
