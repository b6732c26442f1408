import type { Order, OrderInput } from '@shop/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { delay, HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { cartStore } from '../lib/cart';
import { sessionStore, signIn, signOut } from '../lib/session';
import { aCartLine, aProduct, aSession, aShopInfo, aUser } from '../test/builders';
import { server } from '../test/msw-server';
import { renderApp } from '../test/render-app';

interface SentOrder {
  body: OrderInput;
  key: string | null;
}

function orderEndpoint(answer: () => Response | Promise<Response> = () => created('o-1')) {
  const sent: SentOrder[] = [];
  server.use(
    http.post('/api/orders', async ({ request }) => {
      sent.push({ body: (await request.json()) as OrderInput, key: request.headers.get('Idempotency-Key') });
      return answer();
    }),
  );
  return sent;
}

const created = (id: string) => HttpResponse.json({ id } as Partial<Order>, { status: 201 });

async function openCheckout() {
  const app = renderApp('/checkout');
  await screen.findByRole('heading', { level: 1, name: 'Checkout' });
  // The summary waits for the shop's shipping rule (GET /api/shop).
  if (cartStore.get().length > 0) await screen.findByRole('complementary', { name: 'Order Summary' });
  return app;
}

function fillAddress() {
  fireEvent.change(screen.getByLabelText('Address'), { target: { value: '12 Mall Road' } });
  fireEvent.change(screen.getByLabelText('City'), { target: { value: 'Lahore' } });
  fireEvent.change(screen.getByLabelText('Postal code'), { target: { value: '54000' } });
}

const submitButton = () => screen.getByRole('button', { name: /^(Pay |Plac)/ }) as HTMLButtonElement;

describe('checkout guard', () => {
  it('sends a visitor to /register, and back to checkout after registering', async () => {
    cartStore.set([aCartLine()]);
    server.use(
      http.post('/api/auth/register', () => HttpResponse.json({ ...aUser({ name: 'Sana' }), token: 'jwt' })),
    );
    const { router } = renderApp('/checkout');

    expect(await screen.findByRole('heading', { name: 'Your Details' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/register');
    expect(router.state.location.search).toEqual({ redirect: '/checkout' });

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Sana' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'sana@example.pk' } });
    fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: '0300-1234567' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/checkout');
    expect(
      screen.getByText('Welcome, Sana: your account is created and you are signed in. You are on checkout.'),
    ).toBeTruthy();
  });

  it('keeps the remembered page when the visitor switches to sign in instead', async () => {
    server.use(http.post('/api/auth/login', () => HttpResponse.json({ ...aUser(), token: 'jwt' })));
    const { router } = renderApp('/checkout');
    await screen.findByRole('heading', { name: 'Your Details' });

    fireEvent.click(within(screen.getByRole('main')).getByRole('link', { name: 'Sign in' }));
    await screen.findByRole('heading', { name: 'Sign in' });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@example.pk' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
  });
});

describe('checkout', () => {
  it('asks for address, city and postal code before sending anything; the country is Pakistan, not typed', async () => {
    signIn(aSession());
    cartStore.set([aCartLine()]);
    const sent = orderEndpoint();
    await openCheckout();

    expect(screen.queryByRole('textbox', { name: /Country/ })).toBeNull();
    expect(screen.getByText('Country').nextElementSibling?.textContent).toBe(
      'Pakistan (we deliver within Pakistan only)',
    );
    fireEvent.click(submitButton());

    expect(await screen.findByText('Address is required')).toBeTruthy();
    expect(screen.getByText('City is required')).toBeTruthy();
    expect(screen.getByText('Postal code is required')).toBeTruthy();
    expect(screen.getByLabelText('Address').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
  });

  it('offers Pakistani cities to choose from and takes a town that is not listed', async () => {
    signIn(aSession());
    cartStore.set([aCartLine()]);
    const sent = orderEndpoint();
    await openCheckout();

    const city = screen.getByRole('combobox', { name: 'City' }) as HTMLInputElement;
    const offered = Array.from(document.querySelectorAll(`#${city.getAttribute('list')} option`), (option) =>
      option.getAttribute('value'),
    );
    expect(offered.slice(0, 3)).toEqual(['Karachi', 'Lahore', 'Faisalabad']);
    expect(offered).toContain('Islamabad');
    fillAddress();
    fireEvent.change(city, { target: { value: 'Shakargarh' } });
    fireEvent.click(submitButton());

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body.shippingAddress).toMatchObject({ city: 'Shakargarh', country: 'Pakistan' });
  });

  it('needs a Pakistani mobile number for cash on delivery, and none for a transfer', async () => {
    signIn(aSession({ contact: '' }));
    cartStore.set([aCartLine()]);
    const sent = orderEndpoint();
    await openCheckout();
    fillAddress();

    const phone = screen.getByRole('textbox', { name: 'Mobile number' }) as HTMLInputElement;
    expect(phone.required).toBe(true);
    fireEvent.click(submitButton());
    const needed = 'A mobile number is needed for cash on delivery, like 0300-1234567 or +92 300 1234567';
    expect(await screen.findByText(needed)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(phone));

    fireEvent.change(phone, { target: { value: '042-35761234' } });
    fireEvent.click(submitButton());
    await waitFor(() => expect(screen.getAllByText(needed)).toHaveLength(1));
    expect(sent).toEqual([]);

    fireEvent.click(screen.getByRole('radio', { name: 'Jazz Cash / EasyPaisa / Bank Account' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Phone (optional)' }), { target: { value: '' } });
    fireEvent.click(submitButton());
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toMatchObject({ paymentMethod: 'Card', shippingAddress: { phone: '' } });
  });

  it('keeps the typed address when the shopper goes back to the cart and forward again', async () => {
    signIn(aSession({ id: 'u-ayesha', contact: '' }));
    cartStore.set([aCartLine({ price: 200, qty: 1 })]);
    const sent = orderEndpoint();
    const { router } = await openCheckout();
    fillAddress();
    fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: '0345-6789012' } });
    fireEvent.change(screen.getByLabelText('Delivery note (optional)'), { target: { value: 'Gate 2' } });

    await router.navigate({ to: '/cart' });
    await screen.findByRole('heading', { level: 1, name: /cart/i });
    await router.navigate({ to: '/checkout' });
    await screen.findByRole('heading', { level: 1, name: 'Checkout' });

    const typed = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;
    expect(
      ['Address', 'City', 'Postal code', 'Mobile number', 'Delivery note (optional)'].map(typed),
    ).toEqual(['12 Mall Road', 'Lahore', '54000', '0345-6789012', 'Gate 2']);

    // Placed: the next checkout starts empty.
    fireEvent.click(submitButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/o-1'));
    cartStore.set([aCartLine()]);
    await router.navigate({ to: '/checkout' });
    await screen.findByRole('heading', { level: 1, name: 'Checkout' });
    expect(typed('Address')).toBe('');
    expect(sent).toHaveLength(1);
  });

  it('keeps a draft per user and forgets it on sign-out', async () => {
    signIn(aSession({ id: 'u-ayesha' }));
    cartStore.set([aCartLine()]);
    const first = await openCheckout();
    fillAddress();
    first.unmount();

    signIn(aSession({ id: 'u-bilal' }));
    const second = await openCheckout();
    expect((screen.getByLabelText('Address') as HTMLInputElement).value).toBe('');
    second.unmount();

    signIn(aSession({ id: 'u-ayesha' }));
    const third = await openCheckout();
    expect((screen.getByLabelText('Address') as HTMLInputElement).value).toBe('12 Mall Road');
    third.unmount();

    signOut();
    signIn(aSession({ id: 'u-ayesha' }));
    await openCheckout();
    expect((screen.getByLabelText('Address') as HTMLInputElement).value).toBe('');
  });

  it('places a cash-on-delivery order with the cart, totals and an Idempotency-Key, then clears the cart', async () => {
    signIn(aSession({ name: 'Ayesha Khan', contact: '0300-1234567' }));
    cartStore.set([
      aCartLine({ product: 'p1', size: 'MD', price: 30, qty: 2 }),
      aCartLine({ product: 'p2', size: '-', price: 5.5, qty: 1 }),
    ]);
    const sent = orderEndpoint(() => created('o-42'));
    const { router } = await openCheckout();
    fillAddress();

    // Under the PKR 1,500 threshold: the configured PKR 200 fee.
    expect(submitButton().textContent).toBe('Pay PKR 265.50 on Delivery');
    fireEvent.click(submitButton());

    await waitFor(() => expect(router.state.location.pathname).toBe('/order/o-42'));
    expect(cartStore.get()).toEqual([]);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.key).toMatch(/^[A-Za-z0-9_-]{1,100}$/);
    expect(sent[0]?.body).toEqual({
      orderItems: [
        { product: 'p1', qty: 2, price: 30, size: 'MD' },
        { product: 'p2', qty: 1, price: 5.5, size: '' },
      ],
      shippingAddress: {
        fullName: 'Ayesha Khan',
        address: '12 Mall Road',
        city: 'Lahore',
        postalCode: '54000',
        country: 'Pakistan',
        phone: '0300-1234567',
      },
      paymentMethod: 'COD',
      itemsPrice: 65.5,
      shippingPrice: 200,
      totalPrice: 265.5,
    });
  });

  it('offers the manual transfer with the shop account details, and no Raast without a Raast ID', async () => {
    signIn(aSession());
    cartStore.set([aCartLine({ price: 200, qty: 1 })]);
    const sent = orderEndpoint();
    const { router } = await openCheckout();
    fillAddress();

    fireEvent.click(screen.getByRole('radio', { name: 'Jazz Cash / EasyPaisa / Bank Account' }));

    const payment = within(screen.getByRole('group', { name: 'Payment method' }));
    expect(payment.getByText(/send its transaction ID and a screenshot from your order page/)).toBeTruthy();
    expect(payment.getByText('PK36SCBL0000001123456702')).toBeTruthy();
    expect(payment.getByText('Test Fitness (Pvt) Ltd')).toBeTruthy();
    // No Raast ID is configured, so the button does not promise Raast.
    expect(submitButton().textContent).toBe('Place order and pay by transfer');

    fireEvent.click(submitButton());

    await waitFor(() => expect(router.state.location.pathname).toBe('/order/o-1'));
    expect(sent[0]?.body.paymentMethod).toBe('Card');
  });

  it('says JazzCash is paid on its own page after placing the order, where the shop takes it', async () => {
    signIn(aSession());
    cartStore.set([aCartLine({ price: 200, qty: 1 })]);
    server.use(
      http.get('/api/shop', () => HttpResponse.json(aShopInfo({ onlinePayments: { jazzCash: true } }))),
    );
    await openCheckout();
    const payment = within(screen.getByRole('group', { name: 'Payment method' }));
    expect(payment.queryByText(/Pay online with JazzCash/)).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Jazz Cash / EasyPaisa / Bank Account' }));
    expect(
      payment.getByText(/Pay online with JazzCash \(wallet or card\) on JazzCash's own page/),
    ).toBeTruthy();
    expect(payment.getByText(/^Or pay by JazzCash, EasyPaisa or bank transfer/)).toBeTruthy();
  });

  it('pre-fills the code of an affiliate link opened earlier, shows the discount and sends it upper-cased', async () => {
    signIn(aSession());
    cartStore.set([aCartLine({ price: 2000, qty: 1 })]);
    const sent = orderEndpoint();
    server.use(
      http.get('/api/catalogue', () => HttpResponse.json({ products: [], total: 0, categories: [] })),
      http.get('/api/affiliate/codes/APEX7', () => HttpResponse.json({ code: 'APEX7', discountRate: 0.05 })),
    );
    const { router } = renderApp('/?ref=apex7');
    await screen.findByRole('heading', { name: 'Latest arrivals' });

    await router.navigate({ to: '/checkout' });
    await screen.findByRole('heading', { level: 1, name: 'Checkout' });
    const code = screen.getByLabelText('Affiliate code (optional)') as HTMLInputElement;
    expect(code.value).toBe('APEX7');

    fireEvent.change(code, { target: { value: '  apex7 ' } });
    const summary = within(screen.getByRole('complementary', { name: 'Order Summary' }));
    expect((await summary.findByText('Affiliate discount (5%)')).nextElementSibling?.textContent).toBe(
      '−PKR 100.00',
    );
    expect(summary.getByText('Total').nextElementSibling?.textContent).toBe('PKR 1,900.00');
    expect(summary.getByText('The total includes all duties and taxes.')).toBeTruthy();
    fillAddress();
    fireEvent.click(submitButton());

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toMatchObject({
      affiliateCode: 'APEX7',
      itemsPrice: 2000,
      shippingPrice: 0,
      totalPrice: 1900,
    });
  });

  it('shows no discount for a code the server refuses, one message under the field, and sends nothing', async () => {
    signIn(aSession());
    cartStore.set([aCartLine({ price: 2000, qty: 1 })]);
    const sent = orderEndpoint();
    const asked: string[] = [];
    server.use(
      http.get('/api/affiliate/codes/:code', ({ params }) => {
        asked.push(String(params.code));
        return HttpResponse.json(
          { message: 'Affiliate code not found', code: 'VALIDATION_FAILED', fields: [] },
          { status: 400 },
        );
      }),
    );
    await openCheckout();
    fillAddress();
    fireEvent.change(screen.getByLabelText('Affiliate code (optional)'), { target: { value: 'notreal1' } });

    expect(await screen.findByText('Affiliate code not found')).toBeTruthy();
    expect(asked).toEqual(['NOTREAL1']);
    const summary = within(screen.getByRole('complementary', { name: 'Order Summary' }));
    expect(summary.queryByText('Affiliate discount (5%)')).toBeNull();
    expect(summary.getByText('Total').nextElementSibling?.textContent).toBe('PKR 2,000.00');

    fireEvent.click(submitButton());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByLabelText('Affiliate code (optional)')),
    );
    expect(screen.getAllByText('Affiliate code not found')).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(sent).toEqual([]);
  });

  it('sends no affiliate code when the field is left blank', async () => {
    signIn(aSession());
    cartStore.set([aCartLine({ price: 200, qty: 1 })]);
    const sent = orderEndpoint();
    await openCheckout();
    fillAddress();
    fireEvent.change(screen.getByLabelText('Affiliate code (optional)'), { target: { value: '   ' } });

    expect(screen.queryByText('Affiliate discount (5%)')).toBeNull();
    fireEvent.click(submitButton());

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).not.toHaveProperty('affiliateCode');
    expect(sent[0]?.body.totalPrice).toBe(400);
  });

  it("shows the server's refusal in the red box above the submit button and refreshes changed prices", async () => {
    signIn(aSession());
    cartStore.set([aCartLine({ product: 'p1', name: 'Core Hoodie', price: 200, qty: 1, countInStock: 5 })]);
    orderEndpoint(() =>
      HttpResponse.json(
        {
          message: 'Prices have changed since you loaded the page. Please review your cart and try again.',
          code: 'PRICE_CHANGED',
        },
        { status: 409 },
      ),
    );
    server.use(
      http.get('/api/products/p1', () =>
        HttpResponse.json(aProduct({ id: 'p1', name: 'Core Hoodie', price: 250, countInStock: 5 })),
      ),
    );
    await openCheckout();
    fillAddress();
    fireEvent.click(submitButton());

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Prices have changed since you loaded the page. Please review your cart and try again.',
    );
    expect(alert.nextElementSibling).toBe(submitButton());
    await waitFor(() => expect(cartStore.get()[0]?.price).toBe(250));
    expect(submitButton().textContent).toBe('Pay PKR 450.00 on Delivery');
  });

  it('caps each line by its own size’s stock when a size ran out meanwhile, dropping a sold-out size', async () => {
    signIn(aSession());
    cartStore.set([
      aCartLine({ product: 'p1', name: 'Core Hoodie', size: 'MD', qty: 3, countInStock: 5 }),
      aCartLine({ product: 'p1', name: 'Core Hoodie', size: 'SM', qty: 1, countInStock: 5 }),
    ]);
    orderEndpoint(() =>
      HttpResponse.json(
        { message: 'Only 2 of "Core Hoodie" in size MD left in stock.', code: 'OUT_OF_STOCK' },
        { status: 409 },
      ),
    );
    server.use(
      http.get('/api/products/p1', () =>
        HttpResponse.json(aProduct({ id: 'p1', name: 'Core Hoodie', stockBySize: { SM: 0, MD: 2, LG: 9 } })),
      ),
    );
    await openCheckout();
    fillAddress();
    fireEvent.click(submitButton());

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Only 2 of "Core Hoodie" in size MD left in stock.',
    );
    await waitFor(() =>
      expect(cartStore.get()).toEqual([expect.objectContaining({ size: 'MD', qty: 2, countInStock: 2 })]),
    );
  });

  it('shows the message of a refused field under that field, and only there', async () => {
    signIn(aSession());
    cartStore.set([aCartLine()]);
    orderEndpoint(() =>
      HttpResponse.json(
        {
          message: 'Check the highlighted fields',
          code: 'VALIDATION_FAILED',
          fields: [{ field: 'shippingAddress.phone', message: 'Phone must look like 0300-1234567' }],
        },
        { status: 400 },
      ),
    );
    await openCheckout();
    fillAddress();
    fireEvent.click(submitButton());

    // One message, where it belongs: under the field, not again above the button.
    expect(await screen.findByText('Phone must look like 0300-1234567')).toBeTruthy();
    expect(screen.queryByText('Check the highlighted fields')).toBeNull();
  });

  it('falls back to a plain message when the server gives none', async () => {
    signIn(aSession());
    cartStore.set([aCartLine()]);
    orderEndpoint(() => new HttpResponse(null, { status: 502 }));
    await openCheckout();
    fillAddress();
    fireEvent.click(submitButton());

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your order could not be placed. Please try again.',
    );
  });

  it('sends one request for a double click, and the same Idempotency-Key on a retry', async () => {
    signIn(aSession());
    cartStore.set([aCartLine()]);
    let calls = 0;
    const sent = orderEndpoint(async () => {
      calls += 1;
      await delay(30);
      return calls === 1 ? HttpResponse.error() : created('o-9');
    });
    const { router } = await openCheckout();
    fillAddress();

    fireEvent.click(submitButton());
    fireEvent.click(submitButton());
    await waitFor(() => expect(submitButton().disabled).toBe(true));
    expect((await screen.findByRole('alert')).textContent).toContain('Could not reach the shop');
    expect(sent).toHaveLength(1);

    fireEvent.click(submitButton());

    await waitFor(() => expect(router.state.location.pathname).toBe('/order/o-9'));
    expect(sent).toHaveLength(2);
    expect(sent[1]?.key).toBe(sent[0]?.key);
  });

  it('uses a new Idempotency-Key for the next order once one is placed', async () => {
    signIn(aSession());
    cartStore.set([aCartLine()]);
    const sent = orderEndpoint();
    const first = await openCheckout();
    fillAddress();
    fireEvent.click(submitButton());
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/order/o-1'));
    first.unmount();

    cartStore.set([aCartLine()]);
    await openCheckout();
    fillAddress();
    fireEvent.click(submitButton());

    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.key).not.toBe(sent[0]?.key);
  });

  it('shows an empty cart instead of the form', async () => {
    signIn(aSession());
    await openCheckout();

    expect(screen.getByRole('heading', { name: 'Your Cart is Empty' })).toBeTruthy();
    expect(screen.queryByLabelText('Address')).toBeNull();
    expect(sessionStore.get()).not.toBeNull();
  });
});
