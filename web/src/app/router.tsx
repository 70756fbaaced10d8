import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { MainLayout } from '../components/layout/main-layout';
import { StaffLayout } from '../components/layout/staff-layout';
import { RedirectIfAuthenticated } from './guards/redirect-if-authenticated';
import { RequireAuth } from './guards/require-auth';
import { RequireStaff } from './guards/require-staff';
import { RequireAdmin } from './guards/require-admin';

// Every page is its own chunk, loaded when first visited: the first page a shopper opens loads
// only the shell and that page, and staff pages never reach a shopper's browser. Every page
// speaks GraphQL through the same small fetch client (lib/use-graphql-query.ts,
// lib/use-session-graphql.ts; decision 0084).
const HomePage = lazy(() => import('./routes/home'));
const CategoryListingPage = lazy(() => import('./routes/category-listing'));
const TagListingPage = lazy(() => import('./routes/tag-listing'));
const ProductDetailPage = lazy(() => import('./routes/product-detail'));
const SearchPage = lazy(() => import('./routes/search'));
const LoginPage = lazy(() => import('./routes/login'));
const SignupPage = lazy(() => import('./routes/signup'));
const ResetPasswordPage = lazy(() => import('./routes/reset-password'));
const ConfirmEmailPage = lazy(() => import('./routes/confirm-email'));
const VerifyEmailPage = lazy(() => import('./routes/verify-email'));
const CartPage = lazy(() => import('./routes/cart'));
const CheckoutPage = lazy(() => import('./routes/checkout'));
const PaymentPage = lazy(() => import('./routes/payment'));
const OrderSuccessPage = lazy(() => import('./routes/order-success'));
const OrderFailurePage = lazy(() => import('./routes/order-failure'));
const MyOrdersPage = lazy(() => import('./routes/my-orders'));
const OrderDetailPage = lazy(() => import('./routes/order-detail'));
const ProfilePage = lazy(() => import('./routes/profile'));
const WishlistPage = lazy(() => import('./routes/wishlist'));
const HelpPage = lazy(() => import('./routes/help'));
const NotFoundPage = lazy(() => import('./routes/not-found'));
const NewsletterConfirmPage = lazy(() => import('./routes/newsletter-confirm'));
const NewsletterUnsubscribePage = lazy(() => import('./routes/newsletter-unsubscribe'));
const AdminNewsletterPage = lazy(() => import('./routes/admin/newsletter'));
const AdminCouponsPage = lazy(() => import('./routes/admin/coupons'));
const AdminGstPage = lazy(() => import('./routes/admin/gst'));
const AdminDeliveryPage = lazy(() => import('./routes/admin/delivery'));
const AdminDashboardPage = lazy(() => import('./routes/admin/dashboard'));
const CreateProductPage = lazy(() => import('./routes/admin/create-product'));
const EditProductPage = lazy(() => import('./routes/admin/edit-product'));
const AdminOrderPage = lazy(() => import('./routes/admin/order-detail'));
const AdminReturnsPage = lazy(() => import('./routes/admin/returns'));

/** The shop's pages, plus /search, /wishlist, /help and a 404 page. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<MainLayout />}>
        <Route index element={<HomePage />} />
        <Route path="wishlist" element={<WishlistPage />} />
        <Route path="help" element={<HelpPage />} />
        <Route path="newsletter/confirm/:token" element={<NewsletterConfirmPage />} />
        <Route path="newsletter/unsubscribe/:token" element={<NewsletterUnsubscribePage />} />
        <Route path="products/tag/:tag?" element={<TagListingPage />} />
        <Route path="products/:category" element={<CategoryListingPage />} />
        <Route path="product/:id" element={<ProductDetailPage />} />
        <Route path="search" element={<SearchPage />} />

        <Route element={<RedirectIfAuthenticated />}>
          <Route path="login" element={<LoginPage />} />
        </Route>
        <Route path="signup" element={<SignupPage />} />
        <Route path="reset-password/:token?" element={<ResetPasswordPage />} />
        <Route path="confirm-email/:token" element={<ConfirmEmailPage />} />
        <Route path="verify-email/:token" element={<VerifyEmailPage />} />

        <Route path="payment" element={<PaymentPage />} />
        <Route path="order/success" element={<OrderSuccessPage />} />
        <Route path="order/failure" element={<OrderFailurePage />} />
        {/* Open at route level; their data needs login (the pages ask for it). */}
        <Route path="orders" element={<MyOrdersPage />} />
        <Route path="orders/:id" element={<OrderDetailPage />} />
        <Route path="profile" element={<ProfilePage />} />

        {/* Open: a logged-out shopper sees the guest cart kept in the browser (decision 0063). */}
        <Route path="cart" element={<CartPage />} />
        <Route element={<RequireAuth />}>
          <Route path="checkout" element={<CheckoutPage />} />
        </Route>

        <Route path="*" element={<NotFoundPage />} />
      </Route>

      {/* The staff console: its own layout, without the shopper's header and footer (decision 0055). */}
      <Route element={<StaffLayout />}>
        <Route element={<RequireAuth />}>
          <Route element={<RequireStaff />}>
            <Route element={<RequireAdmin />}>
              <Route path="admin/newsletter" element={<AdminNewsletterPage />} />
            </Route>
            <Route path="admin/coupons" element={<AdminCouponsPage />} />
            <Route path="admin/gst" element={<AdminGstPage />} />
            <Route path="admin/delivery" element={<AdminDeliveryPage />} />
            <Route path="admin" element={<AdminDashboardPage />} />
            <Route path="admin/product/create" element={<CreateProductPage />} />
            <Route path="admin/product/edit/:id" element={<EditProductPage />} />
            <Route path="admin/order/:id" element={<AdminOrderPage />} />
            <Route path="admin/returns" element={<AdminReturnsPage />} />
          </Route>
        </Route>
      </Route>
    </Routes>
  );
}
