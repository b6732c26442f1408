import { Link, useRouterState } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { useCart } from '../../lib/cart';
import { endSession } from '../../lib/end-session';
import { useSession } from '../../lib/session';
import { useShopName } from '../../ui/brand';

interface NavItem {
  to: string;
  label: string;
  /** Who sees the item. */
  audience: 'everyone' | 'signed-in' | 'admin';
}

const NAV_ITEMS: readonly NavItem[] = [
  { to: '/', label: 'Home', audience: 'everyone' },
  { to: '/shopping', label: 'Shopping', audience: 'everyone' },
  { to: '/blog', label: 'Blog', audience: 'everyone' },
  { to: '/review', label: 'Leave a Review', audience: 'signed-in' },
  { to: '/track', label: 'Track Order', audience: 'signed-in' },
  { to: '/admin', label: 'Admin Dashboard', audience: 'admin' },
];

/**
 * The site header: brand, primary links, cart with its line count, and sign in/out. Below 1024 px the
 * links fold into a menu behind a button; the menu closes whenever the location changes.
 */
export function NavBar() {
  const shopName = useShopName();
  const session = useSession();
  const { lineCount } = useCart();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const location = useRouterState({ select: (state) => state.location.href });

  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the reaction to a new location.
  useEffect(() => setMenuOpen(false), [location]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  const visible = NAV_ITEMS.filter(
    (item) =>
      item.audience === 'everyone' ||
      (item.audience === 'signed-in' && session !== null) ||
      (item.audience === 'admin' && session?.user.isAdmin === true),
  );

  return (
    <header className="site-header">
      <div className="site-header__inner container">
        <Link to="/" className="brand">
          <span className="brand__mark" aria-hidden="true" />
          {shopName}
        </Link>
        <button
          type="button"
          className="nav-toggle"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="nav-toggle__icon" aria-hidden="true" />
          <span className="visually-hidden">{menuOpen ? 'Close menu' : 'Open menu'}</span>
        </button>
        <nav aria-label="Main" className="site-nav" id={menuId} data-open={menuOpen}>
          <ul className="site-nav__links">
            {visible.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  className="site-nav__link"
                  activeOptions={{ exact: item.to === '/' }}
                  onClick={() => setMenuOpen(false)}
                >
                  {item.label}
                </Link>
              </li>
            ))}
            <li>
              {/* The name is the visible text ("Cart 2") and the unit, so it contains what is on screen. */}
              <Link to={'/cart'} className="site-nav__link site-nav__cart" onClick={() => setMenuOpen(false)}>
                Cart
                {lineCount > 0 && (
                  <>
                    {' '}
                    <span className="badge">{lineCount}</span>
                    <span className="visually-hidden"> {lineCount === 1 ? 'item' : 'items'}</span>
                  </>
                )}
              </Link>
            </li>
          </ul>
          <div className="site-nav__account">
            {session ? (
              <>
                <Link to={'/profile'} className="site-nav__link" onClick={() => setMenuOpen(false)}>
                  Profile
                </Link>
                <button type="button" className="button button--ghost" onClick={() => void endSession()}>
                  Sign out
                </button>
              </>
            ) : (
              <Link to={'/login'} className="button button--primary" onClick={() => setMenuOpen(false)}>
                Sign in
              </Link>
            )}
          </div>
        </nav>
      </div>
    </header>
  );
}
