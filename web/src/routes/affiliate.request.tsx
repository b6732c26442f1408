import { createFileRoute } from '@tanstack/react-router';
import { AffiliateRequestPage } from '../features/account/components/affiliate-request-page';
import { requireSignedIn } from '../lib/guards';

export const Route = createFileRoute('/affiliate/request')({
  beforeLoad: requireSignedIn,
  component: AffiliateRequestPage,
});
