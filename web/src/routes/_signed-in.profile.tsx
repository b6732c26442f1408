import { createFileRoute } from '@tanstack/react-router';
import { ProfilePage } from '../features/account/components/profile-page';
import { VerifyEmailNotice } from '../features/auth/components/verify-email-notice';

export const Route = createFileRoute('/_signed-in/profile')({
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
