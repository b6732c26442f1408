import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PhoneLinks } from './phone-links';

describe('PhoneLinks', () => {
  it('calls any Pakistani number written any way, and offers WhatsApp for a mobile only', () => {
    render(
      <ul>
        <li>
          <PhoneLinks phone="+92 300 1234567" />
        </li>
        <li>
          <PhoneLinks phone="042-35761234" />
        </li>
      </ul>,
    );
    expect(screen.getByRole('link', { name: 'Call +92 300 1234567' }).getAttribute('href')).toBe(
      'tel:+923001234567',
    );
    expect(screen.getByRole('link', { name: 'WhatsApp +92 300 1234567' }).getAttribute('href')).toBe(
      'https://wa.me/923001234567',
    );
    expect(screen.getByRole('link', { name: 'Call 042-35761234' }).getAttribute('href')).toBe(
      'tel:+924235761234',
    );
    expect(screen.queryByRole('link', { name: 'WhatsApp 042-35761234' })).toBeNull();
  });

  it('leaves what is not a Pakistani number as plain text', () => {
    render(<PhoneLinks phone="Not provided" />);
    expect(screen.getByText('Not provided')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
