import { createFileRoute } from '@tanstack/react-router';
import { AffiliateRequestPage } from '../features/account/components/affiliate-request-page';

export const Route = createFileRoute('/_signed-in/affiliate/request')({
  component: AffiliateRequestPage,
});
