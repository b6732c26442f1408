import { shopConfig } from '@shop/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/render-app';

function expectSupportContacts() {
  const main = within(screen.getByRole('main'));
  expect(main.getByRole('link', { name: shopConfig.support.email }).getAttribute('href')).toBe(
    `mailto:${shopConfig.support.email}`,
  );
  expect(main.getByRole('link', { name: shopConfig.support.phone })).toBeTruthy();
}

describe('text pages', () => {
  it('/contact lists the support contacts from the shop configuration', async () => {
    renderApp('/contact');

    expect(await screen.findByRole('heading', { level: 1, name: 'Contact us' })).toBeTruthy();
    expectSupportContacts();
    expect(within(screen.getByRole('main')).getByText(shopConfig.support.liveChat)).toBeTruthy();
  });

  it('/terms states the shipping rule from the same configuration the order rule uses', async () => {
    renderApp('/terms');

    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of sale' })).toBeTruthy();
    expect(screen.getByText(/Shipping is free when your items subtotal is over PKR 100\.00/)).toBeTruthy();
    expect(screen.getByText(/flat fee of PKR 10\.00/)).toBeTruthy();
    expectSupportContacts();
  });

  it('/privacy says what is kept and how to reach us', async () => {
    renderApp('/privacy');

    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy notice' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'What stays in your browser' })).toBeTruthy();
    expectSupportContacts();
  });
});
