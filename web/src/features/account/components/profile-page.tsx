import { type KeyboardEvent, useRef, useState } from 'react';
import { useSession } from '../../../lib/session';
import { AffiliatePanel } from './affiliate-panel';
import { OrderHistory } from './order-history';
import { ProfileInfo } from './profile-info';
import '../../../ui/account.css';

const TABS = [
  { key: 'info', label: 'Profile Information' },
  { key: 'orders', label: 'Order History' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

/** Two tabs (WAI-ARIA tabs: arrow keys move between them): profile information and order history. */
export function ProfilePage() {
  const session = useSession();
  const [active, setActive] = useState<TabKey>('info');
  const tabRefs = useRef<Record<TabKey, HTMLButtonElement | null>>({ info: null, orders: null });

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = TABS.findIndex((tab) => tab.key === active);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = TABS[(index + step + TABS.length) % TABS.length];
    if (!next) return;
    setActive(next.key);
    tabRefs.current[next.key]?.focus();
  }

  if (!session) return null;
  return (
    <section className="account-page container" aria-labelledby="profile-title">
      <h1 id="profile-title">My Profile</h1>
      <div className="tabs" role="tablist" aria-label="Profile sections" onKeyDown={onKeyDown}>
        {TABS.map((tab) => (
          <button
            key={tab.key}
            ref={(element) => {
              tabRefs.current[tab.key] = element;
            }}
            type="button"
            role="tab"
            id={`tab-${tab.key}`}
            aria-selected={active === tab.key}
            aria-controls={active === tab.key ? `panel-${tab.key}` : undefined}
            tabIndex={active === tab.key ? 0 : -1}
            className="tabs__tab"
            onClick={() => setActive(tab.key)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${active}`} aria-labelledby={`tab-${active}`} className="tab-panel">
        {active === 'info' ? (
          <>
            <ProfileInfo user={session.user} />
            <AffiliatePanel />
          </>
        ) : (
          <OrderHistory />
        )}
      </div>
    </section>
  );
}
