import { shopConfig } from '@shop/contracts';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useShopInfo } from '../lib/shop-info';
import { useShopName } from '../ui/brand';
import { formatMoney } from '../ui/money';
import { SupportContacts } from '../ui/support-contacts';

export const Route = createFileRoute('/terms')({
  component: TermsPage,
});

const percent = (rate: number) => `${Math.round(rate * 100)}%`;

/** Terms of sale; every figure comes from the shop configuration the server enforces. */
function TermsPage() {
  const shopName = useShopName();
  const config = shopConfig;
  const shop = useShopInfo();
  const transfer = shop?.paymentMethods.find((method) => method.method === 'Card');
  return (
    <article className="prose-page container prose">
      <h1>Terms of sale</h1>
      <p>These terms apply to every order placed with {shopName}. By placing an order you accept them.</p>

      <h2>Prices and currency</h2>
      <p>
        All prices are in {config.currency} and include all duties and taxes. The price you pay is the
        catalogue price when you place your order. If a price changes while you are checking out, we tell you
        and ask you to review your order before anything is charged.
      </p>

      <h2>Shipping</h2>
      {shop && (
        <p>
          Shipping is free when your items subtotal is over {formatMoney(shop.freeShippingOver)}. Otherwise a
          flat fee of {formatMoney(shop.shippingFee)} applies. The fee is shown in your cart and at checkout
          before you order.
        </p>
      )}

      <h2>Payment</h2>
      <p>
        You can pay cash on delivery
        {transfer && (
          <>
            , or by {transfer.label}. For a mobile-wallet or bank transfer, send the payment screenshot to our
            support team; the order is marked paid once we have confirmed the transfer
          </>
        )}
        .
      </p>

      <h2>Stock and cancellations</h2>
      <p>
        Placing an order reserves the items. If an item sells out before you order, we tell you and take
        nothing. If we cancel an order, the reserved items return to stock and any payment is refunded.
      </p>

      <h2>Returns</h2>
      <p>
        You may return unworn items with their tags within 7 days of delivery. Contact support first so we can
        arrange the return.
      </p>

      <h2>Affiliate codes</h2>
      <p>
        A valid affiliate code gives {percent(config.affiliateDiscountRate)} off your items subtotal. You
        cannot use your own code. Approved affiliates earn {percent(config.affiliateCommissionRate)}{' '}
        commission on the discounted subtotal of each referred order once it is delivered; a cancelled order
        earns nothing.
      </p>

      <h2>Reviews</h2>
      <p>
        Reviews are published straight away and shown without your name. We remove reviews that are abusive,
        off-topic or not about the product.
      </p>

      <h2>Questions</h2>
      <p>
        Read our <Link to="/privacy">privacy notice</Link> or get in touch:
      </p>
      <SupportContacts />
    </article>
  );
}
