import { Link } from 'react-router-dom';
import { AuthCard } from '../../features/auth/components/auth-card';
import { SignupForm } from '../../features/auth/components/signup-form';

export default function SignupPage() {
  return (
    <AuthCard
      title="Sign Up"
      subtitle="Create your ShopKart account and get 10% off your first order."
      footer={
        <p>
          Already have an account? <Link to="/login">Log in</Link>
        </p>
      }
    >
      <SignupForm />
    </AuthCard>
  );
}
