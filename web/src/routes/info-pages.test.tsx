import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { aShopInfo } from '../test/builders';
import { server } from '../test/msw-server';
import { renderApp } from '../test/render-app';

const { support } = aShopInfo();

async function expectSupportContacts() {
  const main = within(screen.getByRole('main'));
  expect((await main.findByRole('link', { name: support.email! })).getAttribute('href')).toBe(
    `mailto:${support.email}`,
  );
  expect(main.getByRole('link', { name: support.phone! }).getAttribute('href')).toBe('tel:+923214567890');
}

describe('text pages', () => {
  it('/contact lists the support contacts from the shop configuration', async () => {
    renderApp('/contact');

    expect(await screen.findByRole('heading', { level: 1, name: 'Contact us' })).toBeTruthy();
    await expectSupportContacts();
    expect(
      within(screen.getByRole('main'))
        .getByRole('link', { name: 'Chat with us on WhatsApp' })
        .getAttribute('href'),
    ).toBe(support.chatUrl);
  });

  it('shows no contact, chat or claim the shop has not configured', async () => {
    server.use(
      http.get('/api/shop', () =>
        HttpResponse.json(aShopInfo({ support: { phone: null, email: '', chatUrl: null } })),
      ),
    );
    renderApp('/contact');

    expect(await screen.findByRole('heading', { level: 1, name: 'Contact us' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: /^Payments by/ })).toBeTruthy();
    expect(screen.queryByText(/Chat/)).toBeNull();
    expect(screen.queryByRole('link', { name: /^mailto|@/ })).toBeNull();
    expect(screen.queryByText('Phone')).toBeNull();
  });

  it('/terms states the shipping rule from the same configuration the order rule uses', async () => {
    renderApp('/terms');

    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of sale' })).toBeTruthy();
    expect(
      await screen.findByText(/Shipping is free when your items subtotal is over PKR 1,500\.00/),
    ).toBeTruthy();
    expect(screen.getByText(/flat fee of PKR 200\.00/)).toBeTruthy();
    await expectSupportContacts();
  });

  it('/privacy says what is kept and how to reach us', async () => {
    renderApp('/privacy');

    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy notice' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'What stays in your browser' })).toBeTruthy();
    await expectSupportContacts();
  });
});
