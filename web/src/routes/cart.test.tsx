import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cartStore } from '../lib/cart';
import { aCartLine } from '../test/builders';
import { renderApp } from '../test/render-app';

async function cartTable() {
  return within(await screen.findByRole('table', { name: 'Items in your cart' }));
}

const summary = () => within(screen.getByRole('complementary', { name: 'Order Summary' }));

function summaryRow(label: string) {
  const term = summary().getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent;
}

describe('cart page', () => {
  it('shows the empty state with a way to the products', async () => {
    renderApp('/cart');

    expect(await screen.findByRole('heading', { name: 'Your Cart is Empty' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse Products' }).getAttribute('href')).toBe('/shopping');
  });

  it('lists each line with its product, size, quantity, line price and a remove button', async () => {
    cartStore.set([
      aCartLine({ product: 'p1', name: 'Core Hoodie', size: 'MD', price: 1500, qty: 2, countInStock: 4 }),
      aCartLine({ product: 'p2', name: 'Sport Socks', size: '-', price: 45.5, qty: 1, countInStock: 9 }),
    ]);
    renderApp('/cart');
    const table = await cartTable();

    const hoodie = within(table.getByRole('row', { name: /Core Hoodie/ }));
    expect(hoodie.getByRole('link', { name: 'Core Hoodie' }).getAttribute('href')).toBe('/product/p1');
    expect(hoodie.getByRole('img', { name: 'Core Hoodie' })).toBeTruthy();
    expect(hoodie.getByRole('cell', { name: 'MD' })).toBeTruthy();
    expect(hoodie.getByText('PKR 3,000.00')).toBeTruthy();
    expect(hoodie.getByRole('button', { name: 'Remove Core Hoodie (MD)' })).toBeTruthy();
    const socks = within(table.getByRole('row', { name: /Sport Socks/ }));
    expect(socks.getByRole('cell', { name: '—' })).toBeTruthy();
    expect(socks.getByText('PKR 45.50')).toBeTruthy();
  });

  it('keeps each stepper between 1 and the stock and updates the line price', async () => {
    cartStore.set([
      aCartLine({ product: 'p1', name: 'Core Hoodie', size: 'MD', price: 100, qty: 1, countInStock: 2 }),
    ]);
    renderApp('/cart');
    const stepper = within((await cartTable()).getByRole('group', { name: 'Quantity of Core Hoodie (MD)' }));
    const increase = stepper.getByRole('button', { name: 'Increase quantity' }) as HTMLButtonElement;
    const decrease = stepper.getByRole('button', { name: 'Decrease quantity' }) as HTMLButtonElement;

    expect(decrease.disabled).toBe(true);
    fireEvent.click(increase);

    await waitFor(() => expect(cartStore.get()[0]?.qty).toBe(2));
    expect(increase.disabled).toBe(true);
    expect(screen.getByRole('row', { name: /Core Hoodie/ }).textContent).toContain('PKR 200.00');
  });

  it('says "Only 42 left" when a typed quantity is above the stock, instead of changing it silently', async () => {
    cartStore.set([aCartLine({ product: 'p1', name: 'Core Hoodie', size: 'MD', qty: 1, countInStock: 42 })]);
    renderApp('/cart');
    const table = await cartTable();
    const stepper = within(table.getByRole('group', { name: 'Quantity of Core Hoodie (MD)' }));

    fireEvent.change(stepper.getByRole('spinbutton', { name: 'Quantity' }), { target: { value: '100' } });

    await waitFor(() => expect(cartStore.get()[0]?.qty).toBe(42));
    expect(table.getByText('Only 42 left')).toBeTruthy();
    fireEvent.change(stepper.getByRole('spinbutton', { name: 'Quantity' }), { target: { value: '3' } });
    await waitFor(() => expect(table.queryByText('Only 42 left')).toBeNull());
  });

  it('removes one line, and Clear Cart empties the cart with Undo', async () => {
    cartStore.set([
      aCartLine({ product: 'p1', name: 'Core Hoodie', size: 'MD' }),
      aCartLine({ product: 'p1', name: 'Core Hoodie', size: 'LG' }),
    ]);
    renderApp('/cart');
    const table = await cartTable();

    fireEvent.click(table.getByRole('button', { name: 'Remove Core Hoodie (LG)' }));

    await waitFor(() => expect(cartStore.get().map((line) => line.size)).toEqual(['MD']));
    expect(screen.getByRole('link', { name: 'Cart 1 item' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Clear Cart' }));

    expect(await screen.findByRole('heading', { name: 'Your Cart is Empty' })).toBeTruthy();
    expect(cartStore.get()).toEqual([]);

    // Clearing can be undone: the lines come back as they were.
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByRole('button', { name: 'Clear Cart' })).toBeTruthy();
    expect(cartStore.get().map((line) => [line.product, line.size])).toEqual([['p1', 'MD']]);
  });

  it('charges the flat shipping fee up to the threshold and says how to ship free', async () => {
    cartStore.set([aCartLine({ price: 30, qty: 2 })]);
    renderApp('/cart');
    await cartTable();

    // The rule is the shop's configured one (GET /api/shop): free over PKR 1,500, else PKR 200.
    expect(await summary().findByText('Subtotal')).toBeTruthy();
    expect(summaryRow('Subtotal')).toBe('PKR 60.00');
    expect(summaryRow('Shipping')).toBe('PKR 200.00');
    expect(summaryRow('Total')).toBe('PKR 260.00');
    expect(
      summary().getByText(
        'Free shipping on orders over PKR 1,500.00. Add more than PKR 1,440.00 to ship free.',
      ),
    ).toBeTruthy();
  });

  it('ships free over the threshold, and exactly at it still charges the fee', async () => {
    cartStore.set([aCartLine({ price: 1500, qty: 1 })]);
    const first = renderApp('/cart');
    await cartTable();
    expect(await summary().findByText('Shipping')).toBeTruthy();
    expect(summaryRow('Shipping')).toBe('PKR 200.00');
    first.unmount();

    cartStore.set([aCartLine({ price: 1500.01, qty: 1 })]);
    renderApp('/cart');
    await cartTable();
    expect(await summary().findByText('Shipping')).toBeTruthy();
    expect(summaryRow('Shipping')).toBe('Free');
    expect(summaryRow('Total')).toBe('PKR 1,500.01');
    expect(summary().getByText('Your order ships free.')).toBeTruthy();
  });

  it('links on to checkout and back to shopping', async () => {
    cartStore.set([aCartLine()]);
    renderApp('/cart');
    await cartTable();

    expect(screen.getByRole('link', { name: 'Proceed to Checkout' }).getAttribute('href')).toBe('/checkout');
    expect(screen.getByRole('link', { name: 'Continue Shopping' }).getAttribute('href')).toBe('/shopping');
  });
});
