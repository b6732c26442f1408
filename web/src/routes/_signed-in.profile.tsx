import { createFileRoute } from '@tanstack/react-router';
import { ProfilePage } from '../features/account/components/profile-page';

export const Route = createFileRoute('/_signed-in/profile')({
  component: ProfilePage,
});
