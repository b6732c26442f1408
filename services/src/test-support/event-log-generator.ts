import {
  EVENT_SCHEMA_VERSIONS,
  type EventType,
  eventSchemas,
  SIZES,
  upcastData,
  uuidv7,
} from '@shop/contracts';
import Database from 'better-sqlite3';
import { upcasters } from '../platform/events/upcasters';
import {
  APPEND_SQL,
  applyConnectionPragmas,
  applyEventStoreSchema,
} from '../platform/eventstore/sqlite/sqlite-schema';

/** Every type of event the generator writes. */
export const GENERATED_EVENT_TYPES = [
  'ProductCreated',
  'ProductUpdated',
  'ValueClaimed',
  'UserRegistered',
  'StockReserved',
  'StockReleased',
  'OrderPlaced',
  'StatusChanged',
  'ReviewPosted',
  'AffiliateRequested',
  'AffiliateApproved',
  'AffiliateRejected',
] as const satisfies readonly EventType[];

const CATEGORIES = ['Tops', 'Bottoms', 'Outerwear', 'Accessories', 'Footwear'];
const BATCH = 10_000;

/**
 * Writes a realistic shop log of `total` events (a few fewer when the last order would not fit whole)
 * straight into a SQLite event store file (relaxed, one transaction per 10,000 events): products,
 * registrations with their e-mail claims, orders with 1–3 lines reserved on their product streams,
 * status changes (some cancelled with their stock released), reviews, product updates and affiliate
 * requests with decisions. Every event is written at schema version 1 (orders as placed before
 * references, which the shop upcasts), is valid per contracts' schemas once upcast (checked on a
 * sample), and comes in an order every projector accepts. Ids are made as the shop makes them
 * (time-ordered UUIDs, see contracts' ids.ts), because an index's cost depends on its keys' order.
 */
export function generateEventLog(
  path: string,
  total: number,
  options: { products?: number; users?: number } = {},
) {
  const productCount = options.products ?? 2_000;
  const userCount = options.users ?? 20_000;
  const db = new Database(path);
  applyConnectionPragmas(db, 'relaxed');
  applyEventStoreSchema(db);
  const insert = db.prepare(APPEND_SQL.insertEvent);
  const upsert = db.prepare(APPEND_SQL.upsertStreamRevision);
  const revisions = new Map<string, number>();
  const metadata = JSON.stringify({ schemaVersion: 1, actor: 'system' });
  const startMs = Date.UTC(2026, 0, 1);
  let written = 0;
  let pending: [string, string, unknown][] = [];

  const flush = db.transaction((rows: [string, string, unknown][]) => {
    for (const [stream, type, data] of rows) {
      const revision = (revisions.get(stream) ?? -1) + 1;
      revisions.set(stream, revision);
      // 1.5 s of shop time per event: some 17 days of trading in a million.
      const timestamp = startMs + written * 1_500;
      insert.run(stream, revision, uuidv7(timestamp), type, JSON.stringify(data), metadata, timestamp);
      written += 1;
    }
  });
  let sampled = 0;
  const emit = <T extends EventType>(stream: string, type: T, data: unknown) => {
    if (written + pending.length >= total) return false;
    // Validate one event in 500 against its schema: cheap insurance that the generator stays honest.
    // Every event is written at schema version 1 (orders from before references): checked as the
    // shop reads it, upcast to the current version.
    if (sampled++ % 500 === 0) {
      eventSchemas[type].parse(upcastData(upcasters, type, 1, EVENT_SCHEMA_VERSIONS[type] ?? 1, data));
    }
    pending.push([stream, type, data]);
    if (pending.length >= BATCH) {
      flush(pending);
      pending = [];
    }
    return true;
  };
  const at = () => new Date(startMs + (written + pending.length) * 1_500).toISOString();
  /** An id made as the shop makes them (time-ordered), at the time of the next event. */
  const nextId = () => uuidv7(startMs + (written + pending.length) * 1_500);

  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

  const products = Array.from({ length: productCount }, (_, i) => ({
    productId: nextId(),
    name: `Training Tee ${i}`,
    description: 'Breathable, quick-drying jersey for hard sessions.',
    category: CATEGORIES[i % CATEGORIES.length] as string,
    price: 2_000 + (i % 80) * 100,
    originalPrice: i % 7 === 0 ? 2_000 + (i % 80) * 120 : null,
    image: `/images/p${i % 40}.jpg`,
    thumbnail: `/images/p${i % 40}-thumb.jpg`,
    sizes: SIZES.slice(0, 3 + (i % 4)),
    isFeatured: i % 25 === 0,
    countInStock: 1_000_000,
  }));
  for (const p of products) emit(`product-${p.productId}`, 'ProductCreated', { ...p, at: at() });
  const users = Array.from({ length: userCount }, () => nextId());
  const admin = users[0] ?? 'system';
  // Each shopper their own number, as written at registration; orders ship to it.
  const phones = new Map(users.map((userId, i) => [userId, `0300-${1_000_000 + i}`]));
  for (const userId of users) {
    const email = `${userId}@example.com`;
    emit(`email-${email}`, 'ValueClaimed', { value: email, ownerId: userId, at: at() });
    emit(`user-${userId}`, 'UserRegistered', {
      userId,
      name: `Shopper ${userId}`,
      email,
      contact: phones.get(userId),
      passwordHash: 'scrypt$bench$not-a-real-hash',
      isAdmin: userId === admin,
      at: at(),
    });
  }

  const approvedAffiliates: { userId: string; code: string }[] = [];
  let orders = 0;
  let requests = 0;
  while (written + pending.length < total) {
    const orderId = nextId();
    const userId = pick(users);
    const lineCount = 1 + Math.floor(random() * 3);
    const chosen = new Map<string, (typeof products)[number]>();
    while (chosen.size < lineCount) {
      const p = pick(products);
      chosen.set(p.productId, p);
    }
    const lines = [...chosen.values()].map((p) => ({
      lineId: nextId(),
      productId: p.productId,
      name: p.name,
      image: p.thumbnail,
      category: p.category,
      unitPrice: p.price,
      qty: 1 + Math.floor(random() * 3),
      size: p.sizes[0] as string,
    }));
    // Room for the whole order (reservations, OrderPlaced, a cancellation with its releases), or stop:
    // a cut-off order would leave stock reserved for an order never placed, or a cancelled order
    // holding stock, which the reservation sweep of the first shop opened on the log then releases.
    if (written + pending.length + 2 * lines.length + 2 > total) break;
    orders += 1;
    for (const line of lines) {
      emit(`product-${line.productId}`, 'StockReserved', {
        productId: line.productId,
        orderId,
        qty: line.qty,
        at: at(),
      });
    }
    const itemsPrice = lines.reduce((sum, line) => sum + line.unitPrice * line.qty, 0);
    const affiliate = approvedAffiliates.length > 0 && random() < 0.1 ? pick(approvedAffiliates) : undefined;
    const discount = affiliate ? Math.round(itemsPrice * 0.1) : 0;
    const shippingPrice = itemsPrice >= 10_000 ? 0 : 500;
    emit(`order-${orderId}`, 'OrderPlaced', {
      orderId,
      userId,
      lines,
      shippingAddress: {
        fullName: 'A Shopper',
        address: '1 High Street',
        city: 'London',
        postalCode: 'N1 1AA',
        country: 'UK',
        phone: phones.get(userId),
      },
      paymentMethod: random() < 0.5 ? 'COD' : 'Card',
      itemsPrice,
      discount,
      shippingPrice,
      totalPrice: itemsPrice - discount + shippingPrice,
      affiliateCode: affiliate?.code ?? null,
      affiliateUserId: affiliate?.userId ?? null,
      at: at(),
    });
    const status = (from: string, to: string, paid: boolean, delivered: boolean) =>
      emit(`order-${orderId}`, 'StatusChanged', { orderId, from, to, by: admin, paid, delivered, at: at() });
    const fate = random();
    if (fate < 0.1) {
      status('Pending', 'Cancelled', false, false);
      for (const line of lines) {
        emit(`product-${line.productId}`, 'StockReleased', {
          productId: line.productId,
          orderId,
          qty: line.qty,
          reason: 'cancelled',
          at: at(),
        });
      }
    } else if (fate < 0.8) {
      status('Pending', 'Paid', true, false);
      status('Paid', 'Dispatched', true, false);
      if (fate < 0.6) status('Dispatched', 'Delivered', true, true);
    }
    if (random() < 0.15) {
      const line = lines[0]!;
      const reviewId = nextId();
      emit(`review-${reviewId}`, 'ReviewPosted', {
        reviewId,
        productId: line.productId,
        userId,
        rating: 1 + Math.floor(random() * 5),
        comment: 'Fits well, washes well.',
        at: at(),
      });
    }
    if (random() < 0.02) {
      const p = pick(products);
      p.price += 100;
      emit(`product-${p.productId}`, 'ProductUpdated', { ...p, at: at() });
    }
    if (random() < 0.005) {
      const requester = pick(users);
      const requestId = nextId();
      requests += 1;
      emit(`affiliate-${requester}`, 'AffiliateRequested', { requestId, userId: requester, at: at() });
      if (random() < 0.7 && !approvedAffiliates.some((a) => a.userId === requester)) {
        const code = `CODE${requests}`;
        emit(`affiliate-code-${code}`, 'ValueClaimed', { value: code, ownerId: requester, at: at() });
        emit(`affiliate-${requester}`, 'AffiliateApproved', {
          requestId,
          userId: requester,
          code,
          by: admin,
          at: at(),
        });
        approvedAffiliates.push({ userId: requester, code });
      } else {
        emit(`affiliate-${requester}`, 'AffiliateRejected', {
          requestId,
          userId: requester,
          by: admin,
          at: at(),
        });
      }
    }
  }
  if (pending.length > 0) flush(pending);
  db.transaction(() => {
    for (const [stream, revision] of revisions) upsert.run(stream, revision);
  })();
  db.close();
  return {
    events: written,
    products: productCount,
    users: userCount,
    orders,
    productIds: products.map((p) => p.productId),
  };
}
