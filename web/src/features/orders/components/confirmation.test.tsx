import type { ConfirmedByLink, OrderToConfirm } from '@shop/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../../lib/session';
import { aConfirmation, anOrder, aTracking } from '../../../test/account-builders';
import { aSession, aShopInfo } from '../../../test/builders';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';

const confirmationPanel = async () =>
  (await screen.findByRole('heading', { name: 'Order confirmation' })).closest('section') as HTMLElement;

describe('a cash-on-delivery order awaiting confirmation', () => {
  it('says by when to confirm, confirms on the order page and then says Confirmed', async () => {
    signIn(aSession());
    let order = anOrder({ id: '51', confirmation: aConfirmation() });
    let confirmCalls = 0;
    server.use(
      http.get('/api/orders/51', () => HttpResponse.json(order)),
      http.post('/api/orders/51/confirm', () => {
        confirmCalls += 1;
        order = anOrder({
          id: '51',
          confirmation: aConfirmation({
            state: 'confirmed',
            at: '2025-03-04T11:00:00.000Z',
            expiresAt: null,
          }),
        });
        return HttpResponse.json(order);
      }),
    );
    renderApp('/order/51');

    const panel = await confirmationPanel();
    expect(
      within(panel).getByText('Awaiting your confirmation — confirm by 06-Mar-2025, 3:00 pm'),
    ).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Confirm your order' }));

    expect(await within(panel).findByText('Confirmed')).toBeTruthy();
    expect(within(panel).queryByRole('button')).toBeNull();
    expect(confirmCalls).toBe(1);
  });

  it("shows the server's refusal next to the button", async () => {
    signIn(aSession());
    server.use(
      http.get('/api/orders/52', () =>
        HttpResponse.json(anOrder({ id: '52', confirmation: aConfirmation() })),
      ),
      http.post('/api/orders/52/confirm', () =>
        HttpResponse.json({ message: 'This order was cancelled.', code: 'CONFLICT' }, { status: 409 }),
      ),
    );
    renderApp('/order/52');

    fireEvent.click(within(await confirmationPanel()).getByRole('button', { name: 'Confirm your order' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This order was cancelled.');
  });

  it('says an expired order was cancelled because it was not confirmed, and nothing for a prepaid order', async () => {
    signIn(aSession());
    server.use(
      http.get('/api/orders/53', () =>
        HttpResponse.json(
          anOrder({
            id: '53',
            status: 'Cancelled',
            cancelledBy: 'shop',
            confirmation: aConfirmation({
              state: 'expired',
              at: '2025-03-06T10:00:00.000Z',
              expiresAt: null,
            }),
          }),
        ),
      ),
      http.get('/api/orders/54', () =>
        HttpResponse.json(
          anOrder({
            id: '54',
            paymentMethod: 'Card',
            confirmation: aConfirmation({ state: 'not-needed', expiresAt: null }),
          }),
        ),
      ),
    );
    const { router } = renderApp('/order/53');

    const panel = await confirmationPanel();
    expect(within(panel).getByText('Expired: cancelled because it was not confirmed')).toBeTruthy();
    expect(within(panel).queryByRole('button')).toBeNull();

    await router.navigate({ to: '/order/$id', params: { id: '54' } });
    await screen.findByRole('heading', { level: 1, name: 'Order AX-7K3M9Q' });
    await screen.findByText('Payment Method');
    expect(screen.queryByRole('heading', { name: 'Order confirmation' })).toBeNull();
  });

  it('on the tracking page, confirms and shows the confirmation step the server adds to the timeline', async () => {
    signIn(aSession());
    const awaiting = aTracking({ id: '55', confirmation: aConfirmation() });
    const confirmedAt = '2025-03-04T11:00:00.000Z';
    let tracking = awaiting;
    server.use(
      http.get('/api/orders/55/tracking', () => HttpResponse.json(tracking)),
      http.post('/api/orders/55/confirm', () => {
        const confirmation = aConfirmation({ state: 'confirmed', at: confirmedAt, expiresAt: null });
        tracking = {
          ...awaiting,
          order: { ...awaiting.order, confirmation },
          timeline: [
            awaiting.timeline[0]!,
            {
              key: 'confirmed',
              label: 'Order Confirmed',
              description: 'You confirmed your order',
              at: confirmedAt,
              state: 'done',
            },
            ...awaiting.timeline.slice(1),
          ],
        };
        return HttpResponse.json(tracking.order);
      }),
    );
    renderApp('/track/55');

    const panel = await confirmationPanel();
    fireEvent.click(within(panel).getByRole('button', { name: 'Confirm your order' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Order Confirmed' })).toBeTruthy();
    expect(within(panel).getByText('Confirmed')).toBeTruthy();
  });
});

describe('a parcel refused at the door', () => {
  it('reads Refused in the danger colour on the tracking page', async () => {
    signIn(aSession());
    server.use(
      http.get('/api/orders/56/tracking', () =>
        HttpResponse.json(aTracking({ id: '56', status: 'Refused' }, 0)),
      ),
    );
    renderApp('/track/56');

    const badge = (await screen.findByText('Refused')).closest('.status-badge') as HTMLElement;
    expect(badge.className).toContain('status-badge--refused');
    expect(badge.textContent).toBe('↩ Refused');
    expect(document.querySelector('.progress__bar--refused')).not.toBeNull();
  });
});

const confirmPage = () =>
  screen.getByRole('heading', { level: 1, name: 'Confirm your order' }).closest('section') as HTMLElement;

const anOrderToConfirm = (overrides: Partial<OrderToConfirm> = {}): OrderToConfirm => ({
  reference: 'AX-7K3M9Q',
  status: 'Pending',
  totalPrice: 4998,
  paymentMethod: 'COD',
  confirmation: aConfirmation(),
  items: [
    { name: 'Cloud Fleece Hoodie', size: 'MD', qty: 2, price: 2249 },
    { name: 'Sweat Headband', size: '', qty: 1, price: 300 },
  ],
  ...overrides,
});
const readByToken = (order: OrderToConfirm = anOrderToConfirm()) =>
  http.get('/api/orders/confirm', () => HttpResponse.json(order));

describe('/confirm-order', () => {
  it('names the order, its items and the total before the button is pressed', async () => {
    let token: string | null = null;
    server.use(
      http.get('/api/orders/confirm', ({ request }) => {
        token = new URL(request.url).searchParams.get('token');
        return HttpResponse.json(anOrderToConfirm());
      }),
    );
    renderApp('/confirm-order?token=abc.def');

    const order = await screen.findByRole('region', { name: 'Order AX-7K3M9Q' });
    expect(token).toBe('abc.def');
    expect(within(order).getByText('Cloud Fleece Hoodie (size MD) × 2: PKR 4,498.00')).toBeTruthy();
    expect(within(order).getByText('Sweat Headband × 1: PKR 300.00')).toBeTruthy();
    expect(within(order).getByText('PKR 4,998.00')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Yes, confirm my order' })).toBeTruthy();
  });

  it('offers no button for an order already confirmed or cancelled, and says so', async () => {
    server.use(
      readByToken(
        anOrderToConfirm({
          status: 'Cancelled',
          confirmation: aConfirmation({ state: 'not-needed', expiresAt: null }),
        }),
      ),
    );
    renderApp('/confirm-order?token=abc.def');

    expect(
      await screen.findByText(
        (_, element) =>
          element?.getAttribute('role') === 'status' &&
          element.textContent ===
            'Order AX-7K3M9Q was cancelled, so there is nothing to confirm. You are welcome to order again.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Yes, confirm my order' })).toBeNull();
  });

  it('says a forged link is not valid as soon as it is opened', async () => {
    server.use(
      http.get('/api/orders/confirm', () =>
        HttpResponse.json(
          {
            message: 'This confirmation link is not valid. Please use the link in the message we sent you.',
            code: 'VALIDATION_FAILED',
          },
          { status: 400 },
        ),
      ),
    );
    renderApp('/confirm-order?token=forged');

    expect((await screen.findByRole('alert')).textContent).toBe(
      'This confirmation link is not valid. Please use the link in the message we sent you.',
    );
    expect(screen.queryByRole('button', { name: 'Yes, confirm my order' })).toBeNull();
  });

  it('confirms only when the button is pressed, then names the order and what happens next', async () => {
    let body: unknown;
    server.use(
      readByToken(),
      http.post('/api/orders/confirm', async ({ request }) => {
        body = await request.json();
        const confirmed: ConfirmedByLink = {
          id: '61',
          reference: 'AX-7K3M9Q',
          status: 'Pending',
          totalPrice: 4998,
          confirmation: aConfirmation({
            state: 'confirmed',
            at: '2025-03-04T11:00:00.000Z',
            channel: 'link',
          }),
        };
        return HttpResponse.json(confirmed);
      }),
    );
    renderApp('/confirm-order?token=abc.def');

    const button = await screen.findByRole('button', { name: 'Yes, confirm my order' });
    // Opening the link (a messenger's preview does just that) confirms nothing.
    expect(body).toBeUndefined();
    fireEvent.click(button);

    expect(await screen.findByText('Thank you: order AX-7K3M9Q is confirmed.')).toBeTruthy();
    expect(body).toEqual({ token: 'abc.def' });
    expect(screen.getByText(/keep PKR 4,998.00 ready in cash/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See your order' }).getAttribute('href')).toBe('/order/61');
  });

  it('says a forged or expired link is not valid and gives the support details', async () => {
    server.use(
      readByToken(),
      http.post('/api/orders/confirm', () =>
        HttpResponse.json(
          { message: 'This confirmation link has expired.', code: 'VALIDATION_FAILED' },
          { status: 400 },
        ),
      ),
    );
    renderApp('/confirm-order?token=forged');

    fireEvent.click(await screen.findByRole('button', { name: 'Yes, confirm my order' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This confirmation link has expired.');
    expect(screen.queryByRole('button', { name: 'Yes, confirm my order' })).toBeNull();
    expect(await within(confirmPage()).findByRole('link', { name: aShopInfo().support.email! })).toBeTruthy();
  });

  it('says a link without its token is incomplete, with the support details', async () => {
    renderApp('/confirm-order');

    expect((await screen.findByRole('alert')).textContent).toContain('This confirmation link is incomplete.');
    expect(screen.queryByRole('button', { name: 'Yes, confirm my order' })).toBeNull();
    expect(await within(confirmPage()).findByRole('link', { name: aShopInfo().support.email! })).toBeTruthy();
  });

  it('keeps the button for a failure that is not the link, so the shopper can try again', async () => {
    server.use(
      readByToken(),
      http.post('/api/orders/confirm', () =>
        HttpResponse.json({ message: 'The shop is busy.', code: 'SERVICE_UNAVAILABLE' }, { status: 503 }),
      ),
    );
    renderApp('/confirm-order?token=abc.def');

    fireEvent.click(await screen.findByRole('button', { name: 'Yes, confirm my order' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The shop is busy.');
    expect(screen.getByRole('button', { name: 'Yes, confirm my order' })).toBeTruthy();
  });
});
