import { createFileRoute } from '@tanstack/react-router';
import { ProfilePage } from '../features/account/components/profile-page';
import { VerifyEmailNotice } from '../features/auth/components/verify-email-notice';
import { requireSignedIn } from '../lib/guards';

export const Route = createFileRoute('/profile')({
  beforeLoad: requireSignedIn,
  component: function ProfileRoute() {
    return (
      <>
        <div className="container">
          <VerifyEmailNotice />
        </div>
        <ProfilePage />
      </>
    );
  },
});
