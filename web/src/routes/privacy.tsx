import { createFileRoute, Link } from '@tanstack/react-router';
import { useShopName } from '../ui/brand';
import { SupportContacts } from '../ui/support-contacts';

export const Route = createFileRoute('/privacy')({
  component: PrivacyPage,
});

function PrivacyPage() {
  const shopName = useShopName();
  return (
    <article className="prose-page container prose">
      <h1>Privacy notice</h1>
      <p>This notice explains what {shopName} keeps about you, why, and what you can ask of us.</p>

      <h2>What we keep</h2>
      <ul>
        <li>Your account: name, e-mail address, contact number, and your password in hashed form only.</li>
        <li>Your orders: items, prices, shipping address, payment method and every status change.</li>
        <li>Your reviews: rating, comment and date. Reviews are shown publicly as "Anonymous".</li>
        <li>If you join the affiliate programme: your code and how often it was used.</li>
      </ul>

      <h2>What stays in your browser</h2>
      <p>
        Your cart, your signed-in session and an affiliate code from a link you opened are kept in your
        browser's local storage so they survive a visit. Signing out removes the session; clearing your
        browser data removes all of it.
      </p>

      <h2>Why we keep it</h2>
      <p>
        To deliver your orders, confirm payments, answer your questions and keep the shop safe from abuse. We
        do not sell your data and we do not use third-party advertising trackers.
      </p>

      <h2>Your choices</h2>
      <p>
        You can change your name, e-mail and contact in your profile. To get a copy of your data or have your
        account deleted, contact us; we may keep order records as the law requires.
      </p>
      <SupportContacts />
      <p>
        See also our <Link to="/terms">terms of sale</Link>.
      </p>
    </article>
  );
}
