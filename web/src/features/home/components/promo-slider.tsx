import type { ShopInfo } from '@shop/contracts';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useShopInfo } from '../../../lib/shop-info';
import { Carousel, type CarouselSlide } from '../../../ui/carousel';
import { formatMoney } from '../../../ui/money';

/** 4 slides, 3 seconds each (docs/rules/screens.md#home-slider). */
const SLIDE_INTERVAL_MS = 3000;

interface Promo {
  id: string;
  eyebrow: string;
  title: string;
  text: string;
  tone: 'ember' | 'ocean' | 'forest' | 'dusk';
}

/**
 * The four slides of docs/rules/screens.md#home-slider. What they promise comes from the shop's
 * configuration: the shipping threshold, and a customer count only when one is configured (no claim
 * otherwise).
 */
function promosFor(shop: ShopInfo | undefined): Promo[] {
  const customers = shop?.claims.customerCount;
  return [
    {
      id: 'performance',
      eyebrow: 'Performance',
      title: 'Engineered to move',
      text: 'Four-way stretch fabrics that breathe through every set.',
      tone: 'ember',
    },
    {
      id: 'shipping',
      eyebrow: 'Delivery',
      title: shop ? 'Free shipping' : 'Delivery across Pakistan',
      text: shop
        ? `On every order over ${formatMoney(shop.freeShippingOver)}. Easy ${shop.returnsWindowDays}-day returns.`
        : 'Cash on delivery or transfer, to your door.',
      tone: 'ocean',
    },
    {
      id: 'outdoor',
      eyebrow: 'Outdoor',
      title: 'Own the early miles',
      text: 'Light layers for cold starts and long runs.',
      tone: 'forest',
    },
    {
      id: 'community',
      eyebrow: 'Community',
      title: customers ? `Join ${customers} athletes` : 'Made for the daily grind',
      text: customers
        ? 'Satisfied customers every month. Find the fit that keeps you going.'
        : 'Find the fit that keeps you going.',
      tone: 'dusk',
    },
  ];
}

const toSlide = (promo: Promo): CarouselSlide => ({
  id: promo.id,
  label: promo.title,
  content: (
    <div className={`promo promo--${promo.tone}`}>
      <p className="eyebrow">{promo.eyebrow}</p>
      <h2 className="promo__title">{promo.title}</h2>
      <p className="promo__text">{promo.text}</p>
      <Link to={'/shopping'} className="promo__link">
        Explore
      </Link>
    </div>
  ),
});

/** The home page's image slider, drawn with gradients so it needs no external images. */
export function PromoSlider() {
  const shop = useShopInfo();
  const slides = useMemo(() => promosFor(shop).map(toSlide), [shop]);
  return (
    <div className="container section">
      <Carousel label="Highlights" slides={slides} intervalMs={SLIDE_INTERVAL_MS} />
    </div>
  );
}
