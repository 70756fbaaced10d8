import { ComingSoon } from '../../components/coming-soon';

export default function CheckoutPage() {
  return (
    <ComingSoon
      title="Confirm Order"
      description="Choose a saved address and phone, review your order and pay cash on delivery. Checkout opens soon."
    />
  );
}
