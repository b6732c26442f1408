import { shopConfig } from '@shop/contracts';
import { createFileRoute, Link } from '@tanstack/react-router';
import { SupportContacts } from '../ui/support-contacts';

export const Route = createFileRoute('/contact')({
  component: ContactPage,
});

function ContactPage() {
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
        Have your order ID ready; you find it on your order page and in your order history. You can also
        follow a delivery yourself on the <Link to={'/track'}>Track Order</Link> page once signed in.
      </p>
      <h2>Payments by {shopConfig.manualPayment.label}</h2>
      <p>
        If you paid by mobile wallet or bank transfer, send us the payment screenshot with your order ID so we
        can confirm it. Your order is marked paid once we have checked the transfer.
      </p>
    </article>
  );
}
