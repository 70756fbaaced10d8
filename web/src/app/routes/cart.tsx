import { ComingSoon } from '../../components/coming-soon';

export default function CartPage() {
  return (
    <ComingSoon
      title="Your Cart"
      description="Your cart items, savings and order summary will be shown here very soon."
    />
  );
}
