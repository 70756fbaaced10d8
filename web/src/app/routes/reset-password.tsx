import { Link, useParams } from 'react-router-dom';
import { AuthCard } from '../../features/auth/components/auth-card';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';
import { ResetLinkForm } from '../../features/auth/components/reset-link-form';

/** /reset-password asks for a code by email; /reset-password/{token} is the emailed link. */
export default function ResetPasswordPage() {
  const { token } = useParams();
  return (
    <AuthCard
      title={token ? 'Set a New Password' : 'Forgot Password'}
      subtitle={
        token
          ? 'Choose a new password for your account.'
          : 'Enter the email of your account and we will send you a code to set a new password.'
      }
      footer={
        <p>
          Remembered it? <Link to="/login">Back to login</Link>
        </p>
      }
    >
      {token ? <ResetLinkForm token={token} /> : <ForgotPasswordForm />}
    </AuthCard>
  );
}
