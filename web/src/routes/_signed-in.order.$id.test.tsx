import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { cartStore } from '../lib/cart';
import { signIn } from '../lib/session';
import { anOrder, anOrderItem } from '../test/account-builders';
import { aCartLine, aSession, aShopInfo } from '../test/builders';
import { server } from '../test/msw-server';
import { renderApp } from '../test/render-app';

const answer = (order: ReturnType<typeof anOrder>) =>
  http.get(`/api/orders/${order.id}`, () => HttpResponse.json(order));

describe('/order/$id', () => {
  it('shows the header, cards, items and summary of a cash-on-delivery order', async () => {
    signIn(aSession());
    server.use(
      answer(anOrder({ id: '42', itemsPrice: 120, discountPrice: 6, shippingPrice: 0, totalPrice: 114 })),
    );
    renderApp('/order/42');

    expect(await screen.findByRole('heading', { level: 1, name: 'Order AX-7K3M9Q' })).toBeTruthy();
    expect(screen.getByText(/^Placed on /)).toBeTruthy();
    expect(screen.queryByText('Processing')).toBeNull();
    expect(screen.getByText('12 Mall Road')).toBeTruthy();
    expect(screen.getByText('Cash on Delivery')).toBeTruthy();
    // The order's status and its payment's: both Pending.
    expect(screen.getAllByText('Pending')).toHaveLength(2);
    // The 64 px picture is the product's thumbnail, not its full-size image.
    expect(screen.getByRole('img', { name: 'Training Tee' }).getAttribute('src')).toBe(
      '/uploads/tee-thumb.webp',
    );
    expect(screen.getByText('Size: MD · Qty: 2 × PKR 60.00')).toBeTruthy();
    expect(screen.getByText('Affiliate discount (5%)')).toBeTruthy();
    expect(screen.getByText('PKR 114.00')).toBeTruthy();
    expect((await screen.findAllByText(aShopInfo().support.email!)).length).toBeGreaterThan(0);
  });

  it('shows the status the order has: a cancelled order says Cancelled, not Processing', async () => {
    signIn(aSession());
    server.use(answer(anOrder({ id: '44', status: 'Cancelled' })));
    renderApp('/order/44');

    expect(await screen.findByText('Cancelled')).toBeTruthy();
    expect(screen.queryByText('Processing')).toBeNull();
  });

  it('shows Paid and Delivered badges, and no-address / no-items texts', async () => {
    signIn(aSession());
    server.use(
      answer(
        anOrder({
          id: '43',
          status: 'Delivered',
          paymentMethod: 'Card',
          isPaid: true,
          paidAt: '2025-03-05T10:00:00.000Z',
          isDelivered: true,
          deliveredAt: '2025-03-07T10:00:00.000Z',
          shippingAddress: { fullName: '', address: '', city: '', postalCode: '', country: '', phone: '' },
          OrderItems: [],
        }),
      ),
      http.get('/api/orders/43/returns', () => HttpResponse.json([])),
    );
    renderApp('/order/43');

    expect(await screen.findByText('Delivered')).toBeTruthy();
    expect(screen.getByText(/^Paid at /)).toBeTruthy();
    expect(screen.getByText('No shipping address')).toBeTruthy();
    expect(screen.getByText('No items in this order')).toBeTruthy();
  });

  it('says "Order not found" for an unknown order and shows the message of any other failure', async () => {
    signIn(aSession());
    server.use(
      http.get('/api/orders/404', () =>
        HttpResponse.json({ message: 'Order not found.', code: 'NOT_FOUND' }, { status: 404 }),
      ),
      http.get('/api/orders/500', () =>
        HttpResponse.json({ message: 'Database is down', code: 'INTERNAL' }, { status: 500 }),
      ),
    );
    const { router } = renderApp('/order/404');
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeTruthy();
    await router.navigate({ to: '/order/$id', params: { id: '500' } });
    expect((await screen.findByRole('alert')).textContent).toBe('Database is down');
  });

  it('shows the loading text first', async () => {
    signIn(aSession());
    server.use(answer(anOrder({ id: '44' })));
    renderApp('/order/44');
    expect(await screen.findByText('Loading order details...')).toBeTruthy();
  });

  it('reorders every item with quantity 1 and its size (or "-"), capped at stock, then opens the cart', async () => {
    signIn(aSession());
    cartStore.set([aCartLine({ product: 'p1', size: 'MD', qty: 5, countInStock: 5 })]);
    server.use(
      answer(
        anOrder({
          id: '45',
          OrderItems: [
            anOrderItem({ id: 'a', product: 'p1', size: 'MD', qty: 3 }),
            anOrderItem({
              id: 'b',
              product: 'p2',
              name: 'Cap',
              size: '',
              qty: 4,
              Product: {
                id: 'p2',
                name: 'Cap',
                image: '/uploads/cap.webp',
                thumbnail: '/uploads/cap-thumb.webp',
                category: 'Caps',
                countInStock: 9,
              },
            }),
            anOrderItem({
              id: 'c',
              product: 'p3',
              name: 'Gone',
              Product: {
                id: 'p3',
                name: 'Gone',
                image: '/uploads/g.webp',
                thumbnail: '/uploads/g-thumb.webp',
                category: 'Tops',
                countInStock: 0,
              },
            }),
          ],
        }),
      ),
      http.get('/api/products', () => HttpResponse.json([])),
    );
    const { router } = renderApp('/order/45');
    fireEvent.click(await screen.findByRole('button', { name: 'Reorder These Items' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    expect(cartStore.get().map(({ product, size, qty }) => ({ product, size, qty }))).toEqual([
      { product: 'p1', size: 'MD', qty: 5 },
      { product: 'p2', size: '-', qty: 1 },
    ]);
    expect(cartStore.get().find((line) => line.product === 'p2')?.image).toBe('/uploads/cap-thumb.webp');
  });
});
