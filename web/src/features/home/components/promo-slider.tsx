import { shopConfig } from '@shop/contracts';
import { Link } from '@tanstack/react-router';
import { Carousel, type CarouselSlide } from '../../../ui/carousel';
import { formatMoney } from '../../../ui/money';

/** Spec section 9: 4 slides, 3 seconds each. */
const SLIDE_INTERVAL_MS = 3000;

interface Promo {
  id: string;
  eyebrow: string;
  title: string;
  text: string;
  tone: 'ember' | 'ocean' | 'forest' | 'dusk';
}

const PROMOS: readonly Promo[] = [
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
    title: 'Free shipping',
    text: `On every order over ${formatMoney(shopConfig.freeShippingOver)}. Easy 7-day returns.`,
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
    title: 'Join 5,000+ athletes',
    text: 'Satisfied customers every month. Find the fit that keeps you going.',
    tone: 'dusk',
  },
];

const slides: CarouselSlide[] = PROMOS.map((promo) => ({
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
}));

/** The home page's image slider, drawn with gradients so it needs no external images. */
export function PromoSlider() {
  return (
    <div className="container section">
      <Carousel label="Highlights" slides={slides} intervalMs={SLIDE_INTERVAL_MS} />
    </div>
  );
}
