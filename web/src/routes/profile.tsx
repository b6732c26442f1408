import { createFileRoute } from '@tanstack/react-router';
import { ProfilePage } from '../features/account/components/profile-page';
import { requireSignedIn } from '../lib/guards';

export const Route = createFileRoute('/profile')({
  beforeLoad: requireSignedIn,
  component: ProfilePage,
});
