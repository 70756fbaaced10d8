import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { graphqlRequest } from '../../lib/graphql-request';
import { SUBSCRIBE_NEWSLETTER } from './footer-documents';
import { toast } from '../../lib/toast';
import { toastFailure } from '../../lib/toast-failure';
import { SUPPORT_EMAIL, SUPPORT_HOURS, SUPPORT_PHONE, SUPPORT_PHONE_HREF } from '../../lib/support-contact';
import { CashIcon, ClockIcon, GiftIcon, LogoMark, MailIcon, PhoneIcon, ReturnIcon, TruckIcon } from '../icons';

const SUBSCRIBE_FAILED = 'We could not sign you up right now. Please try again.';

/**
 * The newsletter sign-up: double opt-in, so the answer says what really happens next (a mail with
 * a confirmation link), in the server's words. The same answer whether or not already subscribed.
 */
function NewsletterForm() {
  const [address, setAddress] = useState('');
  const [busy, setBusy] = useState(false);

  async function subscribe(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    try {
      const data = await graphqlRequest(SUBSCRIBE_NEWSLETTER, { email: address });
      setAddress('');
      toast.success(data.subscribeNewsletter.message ?? 'Check your inbox to confirm your subscription.');
    } catch (error) {
      toastFailure(error, SUBSCRIBE_FAILED);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="newsletter" onSubmit={(event) => void subscribe(event)}>
      <label htmlFor="newsletter-address" className="sr-only">
        Newsletter e-mail
      </label>
      <input
        id="newsletter-address"
        className="newsletter__input"
        type="email"
        required
        autoComplete="email"
        placeholder="you@example.com"
        value={address}
        onChange={(event) => setAddress(event.target.value)}
      />
      <button type="submit" className="btn btn--accent" disabled={busy}>
        {busy ? 'Subscribing…' : 'Subscribe'}
      </button>
    </form>
  );
}

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="footer-promo">
        <div className="container footer-promo__inner">
          <div className="footer-promo__text">
            <span className="footer-promo__icon" aria-hidden="true">
              <GiftIcon size={28} />
            </span>
            <div>
              <h2 className="footer-promo__title">10% off your first order</h2>
              <p>Taken off at checkout, no code needed. Join our newsletter for new arrivals and deals.</p>
            </div>
          </div>
          <NewsletterForm />
        </div>
      </div>

      <div className="container footer-grid">
        <section className="footer-brand" aria-label="About ShopKart">
          <p className="brand brand--footer">
            <LogoMark size={28} />
            <span className="brand__name">
              Shop<span className="brand__accent">Kart</span>
            </span>
          </p>
          <p>
            Everyday shopping for fashion, watches, home &amp; kitchen, beauty, toys, groceries and more, delivered
            across India.
          </p>
          <ul className="footer-perks">
            <li>
              <TruckIcon size={18} /> Fast delivery across India
            </li>
            <li>
              <CashIcon size={18} /> Cash on delivery
            </li>
            <li>
              <ReturnIcon size={18} /> Free returns within 30 days
            </li>
          </ul>
        </section>

        <nav aria-labelledby="footer-account-title">
          <h2 id="footer-account-title" className="footer-heading">
            Your account
          </h2>
          <ul className="footer-links">
            <li>
              <Link to="/profile">Account details</Link>
            </li>
            <li>
              <Link to="/orders">Order history</Link>
            </li>
            <li>
              <Link to="/cart">Shopping cart</Link>
            </li>
            <li>
              <Link to="/wishlist">Saved items</Link>
            </li>
            <li>
              <Link to="/signup">Join ShopKart</Link>
            </li>
          </ul>
        </nav>

        <nav aria-labelledby="footer-quick-title">
          <h2 id="footer-quick-title" className="footer-heading">
            Quick links
          </h2>
          <ul className="footer-links">
            <li>
              <Link to="/products/tag/popular">Popular products</Link>
            </li>
            <li>
              <Link to="/products/tag/trending">Trending now</Link>
            </li>
            <li>
              <Link to="/products/tag/bestDeals">Best deals</Link>
            </li>
            <li>
              <Link to="/help#delivery">Delivery information</Link>
            </li>
            <li>
              <Link to="/help#returns">Returns policy</Link>
            </li>
          </ul>
        </nav>

        <section aria-labelledby="footer-support-title">
          <h2 id="footer-support-title" className="footer-heading">
            Customer support
          </h2>
          <ul className="footer-contact">
            <li>
              <MailIcon size={18} />
              <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
            </li>
            <li>
              <PhoneIcon size={18} />
              <a href={SUPPORT_PHONE_HREF}>{SUPPORT_PHONE}</a>
            </li>
            <li>
              <ClockIcon size={18} />
              <span>{SUPPORT_HOURS}</span>
            </li>
          </ul>
          <Link to="/help" className="footer-support-link">
            Visit the support centre
          </Link>
        </section>
      </div>

      <div className="footer-bottom">
        <div className="container footer-bottom__inner">
          <p>© {year} ShopKart. All prices in Indian rupees (INR), inclusive of all taxes (GST).</p>
          <p>Cash on delivery · Free returns within 30 days</p>
        </div>
      </div>
    </footer>
  );
}
