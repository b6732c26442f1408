import { createFileRoute, Link } from '@tanstack/react-router';
import { useShopInfo } from '../lib/shop-info';
import { SupportContacts } from '../ui/support-contacts';

export const Route = createFileRoute('/contact')({
  component: ContactPage,
});

function ContactPage() {
  const transfer = useShopInfo()?.paymentMethods.find((method) => method.method === 'Card');
  return (
    <article className="prose-page container prose">
      <h1>Contact us</h1>
      <p>
        Questions about sizing, an order, a payment or a return? Our support team is here to help. Reach us
        through any of the channels below.
      </p>
      <SupportContacts />
      <h2>About an order</h2>
      <p>
        Have your order reference (such as AX-7K3M9Q) ready; you find it on your order page and in your order
        history. You can also follow a delivery yourself on the <Link to={'/track'}>Track Order</Link> page
        once signed in.
      </p>
      {transfer && (
        <>
          <h2>Payments by {transfer.label}</h2>
          <p>
            If you paid by mobile wallet or bank transfer, send us the payment screenshot with your order
            reference so we can confirm it. Your order is marked paid once we have checked the transfer.
          </p>
        </>
      )}
    </article>
  );
}
