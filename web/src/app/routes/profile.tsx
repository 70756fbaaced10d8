import { LoginPrompt } from '../../components/login-prompt';
import { PageLoader } from '../../components/page-loader';
import { ProfileView } from '../../features/profile/components/profile-view';
import { useSession } from '../../lib/session';
import { CHECKING_LOGIN_MESSAGE } from '../guards/require-auth';

export default function ProfilePage() {
  const { status, user } = useSession();
  if (status === 'checking') return <PageLoader message={CHECKING_LOGIN_MESSAGE} />;
  if (status === 'anonymous' || !user) {
    return <LoginPrompt title="My Profile" message="Please log in to see and edit your profile, phone numbers and addresses." />;
  }
  return <ProfileView user={user} />;
}
