import { Link } from '@tanstack/react-router';
import { useShopInfo } from '../../lib/shop-info';
import { useShopName } from '../../ui/brand';
import { formatMoney } from '../../ui/money';
import { ChatLink, telHref } from '../../ui/support-contacts';

/** Site footer: promises (from the shop configuration, so copy and rules agree), links, support. */
export function SiteFooter() {
  const shopName = useShopName();
  const shop = useShopInfo();
  const support = shop?.support;
  return (
    <footer className="site-footer">
      <div className="site-footer__inner container">
        <div className="site-footer__brand">
          {/* Not a <p>: a bold, larger paragraph before another reads as a heading that is not one. */}
          <div className="brand">
            <span className="brand__mark" aria-hidden="true" />
            {shopName}
          </div>
          <p className="muted">Premium fitness apparel for training, running and recovery.</p>
          <ul className="site-footer__promises">
            {shop && <li>Free shipping on orders over {formatMoney(shop.freeShippingOver)}</li>}
            {shop && <li>{shop.returnsWindowDays}-day returns</li>}
          </ul>
        </div>
        <nav aria-label="Footer" className="site-footer__nav">
          <h2 className="site-footer__heading">Shop</h2>
          <ul>
            <li>
              <Link to={'/shopping'}>Shopping</Link>
            </li>
            <li>
              <Link to={'/blog'}>Blog</Link>
            </li>
            <li>
              <Link to={'/cart'}>Cart</Link>
            </li>
            <li>
              <Link to={'/affiliate/request'}>Become an Affiliate</Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Help" className="site-footer__nav">
          <h2 className="site-footer__heading">Help</h2>
          <ul>
            <li>
              <Link to={'/contact'}>Contact</Link>
            </li>
            <li>
              <Link to={'/terms'}>Terms</Link>
            </li>
            <li>
              <Link to={'/privacy'}>Privacy</Link>
            </li>
          </ul>
        </nav>
        <address className="site-footer__support">
          <h2 className="site-footer__heading">Support</h2>
          {support?.phone && <a href={telHref(support.phone)}>{support.phone}</a>}
          {support?.email && <a href={`mailto:${support.email}`}>{support.email}</a>}
          {support && <ChatLink support={support} />}
          <Link to={'/contact'}>Contact page</Link>
        </address>
      </div>
      <p className="site-footer__legal container">
        © {new Date().getFullYear()} {shopName}. All rights reserved.
      </p>
    </footer>
  );
}
