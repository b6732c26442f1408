import type { OrderInput } from '@shop/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { cartStore } from '../../../lib/cart';
import { signIn } from '../../../lib/session';
import { aCartLine, aSession } from '../../../test/builders';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';

const REASON =
  'Cash on delivery is not available after 2 refused parcels. Please pay by mobile wallet or bank transfer.';
const TRANSFER = 'Jazz Cash / EasyPaisa / Bank Account';

async function openCheckout() {
  const app = renderApp('/checkout');
  await screen.findByRole('complementary', { name: 'Order Summary' });
  fireEvent.change(screen.getByLabelText('Address'), { target: { value: '12 Mall Road' } });
  fireEvent.change(screen.getByLabelText('City'), { target: { value: 'Lahore' } });
  fireEvent.change(screen.getByLabelText('Postal code'), { target: { value: '54000' } });
  return app;
}

const paymentGroup = () => within(screen.getByRole('group', { name: 'Payment method' }));
const submitButton = () => screen.getByRole('button', { name: /^(Pay |Plac)/ }) as HTMLButtonElement;

describe('checkout when cash on delivery is not available', () => {
  it('offers no COD, says why once, and places the order by transfer', async () => {
    signIn(aSession({ contact: '0333-1234567' }));
    cartStore.set([aCartLine({ price: 200, qty: 1 })]);
    const asked: string[] = [];
    const sent: OrderInput[] = [];
    server.use(
      http.get('/api/orders/cod-standing', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('phone') ?? '');
        return HttpResponse.json({ available: false, reason: REASON });
      }),
      http.post('/api/orders', async ({ request }) => {
        sent.push((await request.json()) as OrderInput);
        return HttpResponse.json({ id: 'o-9' }, { status: 201 });
      }),
    );
    const { router } = await openCheckout();

    expect(await paymentGroup().findByText(REASON)).toBeTruthy();
    expect(paymentGroup().queryByRole('radio', { name: 'Cash on Delivery' })).toBeNull();
    expect((paymentGroup().getByRole('radio', { name: TRANSFER }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getAllByText(REASON)).toHaveLength(1);
    // Asked for the account and the phone the order goes to, as the server keys it.
    expect(asked).toContain('3331234567');

    fireEvent.click(submitButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/o-9'));
    expect(sent[0]?.paymentMethod).toBe('Card');
  });

  it('asks again for a phone typed in full, and offers COD while that number has no refusals', async () => {
    signIn(aSession({ contact: '' }));
    cartStore.set([aCartLine()]);
    const asked: string[] = [];
    server.use(
      http.get('/api/orders/cod-standing', ({ request }) => {
        const phone = new URL(request.url).searchParams.get('phone') ?? '';
        asked.push(phone);
        return HttpResponse.json(
          phone === '3331234567' ? { available: false, reason: REASON } : { available: true },
        );
      }),
    );
    await openCheckout();
    expect(paymentGroup().getByRole('radio', { name: 'Cash on Delivery' })).toBeTruthy();

    // Half a number asks nothing new; the whole one does.
    fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: '+92 333' } });
    expect(paymentGroup().getByRole('radio', { name: 'Cash on Delivery' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: '+92 333 1234567' } });

    expect(await paymentGroup().findByText(REASON)).toBeTruthy();
    expect(paymentGroup().queryByRole('radio', { name: 'Cash on Delivery' })).toBeNull();
    // Paying in advance, the phone is no longer required.
    expect(screen.getByLabelText('Phone (optional)')).toBeTruthy();

    // The same number written another way asks nothing new, and COD stays withdrawn meanwhile.
    const questions = asked.length;
    fireEvent.change(screen.getByLabelText('Phone (optional)'), { target: { value: '0333-1234567' } });
    expect(paymentGroup().queryByRole('radio', { name: 'Cash on Delivery' })).toBeNull();
    expect(paymentGroup().getByText(REASON)).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toHaveLength(questions);
  });

  it("on a 409 COD_NOT_AVAILABLE, withdraws COD, shows the server's reason once and focuses the method left", async () => {
    signIn(aSession());
    cartStore.set([aCartLine()]);
    const sent: OrderInput[] = [];
    server.use(
      http.post('/api/orders', async ({ request }) => {
        sent.push((await request.json()) as OrderInput);
        return sent.length === 1
          ? HttpResponse.json({ message: REASON, code: 'COD_NOT_AVAILABLE' }, { status: 409 })
          : HttpResponse.json({ id: 'o-10' }, { status: 201 });
      }),
    );
    const { router } = await openCheckout();
    fireEvent.click(submitButton());

    const reason = await paymentGroup().findByRole('alert');
    expect(reason.textContent).toBe(REASON);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    const transfer = paymentGroup().getByRole('radio', { name: TRANSFER }) as HTMLInputElement;
    expect(paymentGroup().queryByRole('radio', { name: 'Cash on Delivery' })).toBeNull();
    expect(transfer.checked).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(transfer));
    expect(screen.getByRole('group', { name: 'Payment method' }).getAttribute('aria-describedby')).toBe(
      reason.id,
    );
    expect(submitButton().textContent).toBe('Place order and pay by transfer');

    fireEvent.click(submitButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/o-10'));
    expect(sent.map((order) => order.paymentMethod)).toEqual(['COD', 'Card']);
  });
});
