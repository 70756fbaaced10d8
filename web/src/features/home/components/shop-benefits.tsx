import { CashIcon, GiftIcon, ReturnIcon, ShieldIcon } from '../../../components/icons';

const BENEFITS = [
  { Icon: CashIcon, title: 'Cash on delivery', text: 'Pay when your order arrives' },
  { Icon: ReturnIcon, title: 'Free returns', text: 'Within 30 days of delivery' },
  { Icon: GiftIcon, title: '10% off', text: 'On your first order' },
  { Icon: ShieldIcon, title: 'Secure shopping', text: 'Your data stays private' },
];

export function ShopBenefits() {
  return (
    <ul className="benefits" aria-label="Why shop with us">
      {BENEFITS.map(({ Icon, title, text }) => (
        <li key={title} className="benefit">
          <span className="benefit__icon">
            <Icon size={22} />
          </span>
          <span>
            <strong>{title}</strong>
            <span className="benefit__text">{text}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
