import { ComingSoon } from '../../components/coming-soon';

export default function WishlistPage() {
  return (
    <ComingSoon
      title="Your Wishlist"
      description="Save products you love and find them here later. Your wishlist is coming soon."
    />
  );
}
