import { fireEvent, screen } from '@testing-library/react';
import { delay, HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { signIn } from '../lib/session';
import { myAffiliate } from '../test/account-builders';
import { aSession } from '../test/builders';
import { server } from '../test/msw-server';
import { renderApp } from '../test/render-app';

async function openPage(status: 'None' | 'Pending' | 'Approved' | 'Rejected' = 'None') {
  signIn(aSession());
  server.use(http.get('/api/affiliate/me', () => HttpResponse.json(myAffiliate({ status }))));
  renderApp('/affiliate/request');
  return screen.findByRole('heading', { name: 'Become an Affiliate' });
}

describe('/affiliate/request', () => {
  it('explains the rules and the commission from the shop configuration', async () => {
    await openPage();
    expect(screen.getByText(/at least one product review/)).toBeTruthy();
    expect(screen.getByText(/unique tracking link/)).toBeTruthy();
    expect(screen.getByText('Earn up to 5% commission on every referral sale')).toBeTruthy();
  });

  it('shows "Processing Request..." then the submitted message in green', async () => {
    server.use(
      http.post('/api/affiliate', async () => {
        await delay(30);
        return HttpResponse.json(
          { id: 'a1', status: 'Pending', message: 'Request submitted! Status: Pending' },
          { status: 201 },
        );
      }),
    );
    await openPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Submit Affiliate Request' }));
    expect(await screen.findByRole('button', { name: 'Processing Request...' })).toBeTruthy();
    const status = await screen.findByText('Request submitted! Status: Pending');
    expect(status.className).toBe('form-success');
  });

  it('shows a refusal in red', async () => {
    server.use(
      http.post('/api/affiliate', () =>
        HttpResponse.json(
          { message: 'Write at least one product review before applying.', code: 'CONFLICT' },
          { status: 409 },
        ),
      ),
    );
    await openPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Submit Affiliate Request' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Write at least one product review before applying.');
    expect(alert.className).toBe('form-error');
  });

  it('shows a pending request on opening (after a reload too), with no button to ask again', async () => {
    await openPage('Pending');
    expect(await screen.findByText('Pending')).toBeTruthy();
    expect(screen.getByText(/Your current status/).textContent).toBe(
      'Your current status: Pending · we are reviewing your request and will let you know',
    );
    expect(screen.queryByRole('button', { name: 'Submit Affiliate Request' })).toBeNull();
  });

  it('offers no Submit once approved, and points to the link on the profile', async () => {
    await openPage('Approved');
    expect(await screen.findByText('Approved')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'profile' }).getAttribute('href')).toBe('/profile');
    expect(screen.queryByRole('button', { name: 'Submit Affiliate Request' })).toBeNull();
  });

  it('lets a rejected user apply again', async () => {
    await openPage('Rejected');
    expect(await screen.findByText(/you may apply again/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Submit Affiliate Request' })).toBeTruthy();
  });
});
