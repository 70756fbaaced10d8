import type { ReactNode } from 'react';
import { CashIcon, GiftIcon, ReturnIcon } from '../../../components/icons';
import { PageTitle } from '../../../components/page-title';

interface AuthCardProps {
  title: string;
  subtitle: string;
  children: ReactNode;
  footer?: ReactNode;
}

/** The frame of the login, sign-up and password pages: a welcome panel beside the form. */
export function AuthCard({ title, subtitle, children, footer }: AuthCardProps) {
  return (
    <div className="container auth-page">
      <PageTitle title={title} />
      <div className="auth-card">
        <aside className="auth-card__aside" aria-label="Why ShopKart">
          <p className="auth-card__brand">ShopKart</p>
          <p className="auth-card__pitch">Great prices on everything you need, delivered to your door.</p>
          <ul className="auth-card__perks">
            <li>
              <GiftIcon size={20} /> 10% off your first order
            </li>
            <li>
              <CashIcon size={20} /> Cash on delivery
            </li>
            <li>
              <ReturnIcon size={20} /> Free returns within 30 days
            </li>
          </ul>
        </aside>
        <section className="auth-card__body">
          <h1 className="auth-card__title">
            {title}
          </h1>
          <p className="auth-card__subtitle">{subtitle}</p>
          {children}
          {footer ? <div className="auth-card__footer">{footer}</div> : null}
        </section>
      </div>
    </div>
  );
}
