import { Link, useLocation } from 'react-router-dom';
import { AuthCard } from '../../features/auth/components/auth-card';
import { LoginForm } from '../../features/auth/components/login-form';

export default function LoginPage() {
  const location = useLocation();
  return (
    <AuthCard
      title="Login"
      subtitle="Welcome back! Log in to see your cart, orders and profile."
      footer={
        <p>
          New to ShopKart?{' '}
          <Link to="/signup" state={location.state}>
            Create an account
          </Link>
        </p>
      }
    >
      <LoginForm />
    </AuthCard>
  );
}
