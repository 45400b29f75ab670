import { config } from '../../../config';
import { contacts } from '../../../contacts';
import { PageHeader } from '../../../components/page-header';
import { usePageMeta } from '../../../hooks/use-page-meta';
import './pages.css';

export default function PrivacyPolicyPage() {
  usePageMeta('Privacy & Policies', `Terms, cancellation and refund, and shipping and delivery at ${config.brand}.`);
  const { brand } = config;
  return (
    <div className="container page prose policy">
      <PageHeader title="Privacy & Policies" />
      <section aria-labelledby="terms">
        <h2 id="terms">Terms and Conditions</h2>
        <p>
          These terms apply to every order placed on the {brand} website. By placing an order you agree to them. Prices are set in
          Indian Rupees (INR); prices shown in other currencies are a guide, and every payment is charged in INR.
        </p>
        <p>
          We use the details you give us (name, email, phone and address) only to process and deliver your orders and to answer
          your messages. We never sell or share them with anyone except the payment provider and the courier that need them.
        </p>
      </section>
      <section aria-labelledby="cancellation">
        <h2 id="cancellation">Cancellation and Refund</h2>
        <p>
          An order can be cancelled only on the same day of the order. Write to us or call us on that day with your order ID.
        </p>
        <p>
          Once a cancellation or a return is approved, the refund is processed within 6-8 days to the original method of payment.
        </p>
      </section>
      <section aria-labelledby="shipping">
        <h2 id="shipping">Shipping and Delivery</h2>
        <p>Orders are shipped within 5-7 days of the order.</p>
        <p>International delivery takes 10-20 days from shipping, depending on the destination and its customs.</p>
        <p>
          You will receive the courier&apos;s tracking details by email once your order has been shipped. For any question about a
          delivery, contact us at {contacts.email}.
        </p>
      </section>
    </div>
  );
}
