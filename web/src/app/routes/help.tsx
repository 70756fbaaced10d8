import { Link } from 'react-router-dom';
import { CashIcon, ClockIcon, MailIcon, PhoneIcon, ReturnIcon, TruckIcon } from '../../components/icons';
import { PageTitle } from '../../components/page-title';
import { SUPPORT_EMAIL, SUPPORT_HOURS, SUPPORT_PHONE, SUPPORT_PHONE_HREF } from '../../lib/support-contact';

const FAQ = [
  {
    question: 'How do I track my order?',
    answer:
      'Open My Orders from the account menu. Each order shows its status and a timeline (Ordered, Shipped, Delivered) with the step it is at now marked.',
  },
  {
    question: 'Can I cancel an order?',
    answer:
      'Yes, while it is still pending or processing. Once an order has shipped you can refuse the delivery or return it within 30 days.',
  },
  {
    question: 'I forgot my password. What do I do?',
    answer:
      'Use “Forgot password?” on the login page. We email you a 6-digit code, valid for 10 minutes, to set a new password.',
  },
  {
    question: 'Is my first order discounted?',
    answer: 'Yes: your first order gets 10% off the item subtotal, applied automatically at checkout.',
  },
];

export default function HelpPage() {
  return (
    <div className="container help-page">
      <PageTitle title="Help & Support" />
      <header className="help-hero">
        <h1>Help &amp; Support</h1>
        <p>Answers about delivery, returns and payment, and how to reach our support team.</p>
        <nav aria-label="Help topics" className="help-topics">
          <a href="#contact">Contact us</a>
          <a href="#delivery">Delivery</a>
          <a href="#returns">Returns</a>
          <a href="#payment">Cash on delivery</a>
          <a href="#faq">FAQ</a>
        </nav>
      </header>

      <div className="help-grid">
        <section id="contact" className="card help-card" aria-labelledby="help-contact">
          <h2 id="help-contact">
            <PhoneIcon /> Contact us
          </h2>
          <p>Our support team answers questions about orders, payments, returns and your account.</p>
          <ul className="help-contact-list">
            <li>
              <MailIcon size={18} /> <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
            </li>
            <li>
              <PhoneIcon size={18} /> <a href={SUPPORT_PHONE_HREF}>{SUPPORT_PHONE}</a>
            </li>
            <li>
              <ClockIcon size={18} /> {SUPPORT_HOURS}
            </li>
          </ul>
          <p className="help-note">Please keep your order number (for example #A1B2C3) at hand.</p>
        </section>

        <section id="delivery" className="card help-card" aria-labelledby="help-delivery">
          <h2 id="help-delivery">
            <TruckIcon /> Delivery
          </h2>
          <ul className="help-list">
            <li>We deliver across India. A flat shipping fee of ₹5 applies to every order.</li>
            <li>
              Enter your PIN code on a product page, in the cart or at checkout to see the day your order arrives and whether cash on delivery is available there. Orders
              placed before 2 pm on a working day leave the same day; Sundays and holidays are not counted.
            </li>
            <li>Your order keeps the delivery day promised when you placed it: it is shown in My Orders and in your order mails.</li>
            <li>Prices are in Indian rupees and include all taxes (GST): you pay the listed price, never above the MRP, plus a flat ₹5 shipping fee. The checkout shows the GST your total includes, and a cash total is rounded to the nearest rupee (a "Round off" line).</li>
          </ul>
        </section>

        <section id="returns" className="card help-card" aria-labelledby="help-returns">
          <h2 id="help-returns">
            <ReturnIcon /> Returns
          </h2>
          <ul className="help-list">
            <li>Returns are free within 30 days of delivery.</li>
            <li>Items should be unused, with their original tags and packaging.</li>
            <li>
              To start a return, open the order in <Link to="/orders">My Orders</Link> and choose “Return items”: pick the items and how many, tell us why, and add a photo if you like.
            </li>
            <li>We review your request; the order’s page shows each step of the return, and we mail you each one once your email is verified.</li>
            <li>Your refund is processed as soon as the returned item reaches us: to the original payment method, or for a cash-on-delivery order to the UPI ID or bank account you give.</li>
          </ul>
        </section>

        <section id="payment" className="card help-card" aria-labelledby="help-payment">
          <h2 id="help-payment">
            <CashIcon /> Cash on delivery
          </h2>
          <ul className="help-list">
            <li>Pay in cash when your order arrives: no card needed.</li>
            <li>Please keep the exact amount ready: it is in whole rupees and shown in My Orders.</li>
            <li>Your order is confirmed as soon as you place it and starts out as “Processing”.</li>
            <li>Order updates by mail go to your email once you have verified it (from the link we mail when you sign up, or from your profile); My Orders always shows them.</li>
          </ul>
        </section>
      </div>

      <section id="faq" className="help-faq" aria-labelledby="help-faq-title">
        <h2 id="help-faq-title">Frequently asked questions</h2>
        {FAQ.map((item) => (
          <details key={item.question} className="faq-item">
            <summary>{item.question}</summary>
            <p>{item.answer}</p>
          </details>
        ))}
      </section>

      <p className="help-footer-note">
        Still need help? <Link to="/profile">Check your account details</Link> or email us at{' '}
        <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
    </div>
  );
}
