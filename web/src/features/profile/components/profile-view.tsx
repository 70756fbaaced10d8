import { PageTitle } from '../../../components/page-title';
import type { SessionUser } from '../../../lib/session-user';
import { CartItemsCard, OrderHistoryCard, UserInfoCard } from './account-cards';
import { AddAddressForm } from './add-address-form';
import { AddPhoneForm } from './add-phone-form';
import { ChangePasswordForm } from './change-password-form';
import { MoreDetailsCard } from './more-details-card';
import { ProfileHeader } from './profile-header';
import { UpdateProfileForm } from './update-profile-form';

/** The logged-in user's profile: who they are, shortcuts, saved details and account forms. */
export function ProfileView({ user }: { user: SessionUser }) {
  return (
    <div className="container profile-page">
      <PageTitle title="My Profile" />
      <ProfileHeader user={user} />
      <div className="profile-layout">
        <div className="profile-layout__side">
          <UserInfoCard user={user} />
          <OrderHistoryCard />
          <CartItemsCard />
        </div>
        <div className="profile-layout__main">
          <MoreDetailsCard user={user} />
          <div className="profile-forms">
            <AddPhoneForm />
            <AddAddressForm user={user} />
            {/* Keyed by account so the fields start from the saved values after an update. */}
            <UpdateProfileForm key={`${user.id}:${user.name}:${user.email}`} user={user} />
            <ChangePasswordForm />
          </div>
        </div>
      </div>
    </div>
  );
}
