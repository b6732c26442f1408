import { Link, useLocation } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { SavedProduct } from './saved-product';

/**
 * "Product … created" (or saved) with a link to it in the shop, after the product form returns to
 * the dashboard. The status region is in the page before its text arrives, so screen readers
 * announce the text.
 */
export function SavedProductNotice() {
  const saved = useLocation({ select: (location) => location.state.savedProduct });
  const [shown, setShown] = useState<SavedProduct | undefined>();
  useEffect(() => setShown(saved), [saved]);

  return (
    <div role="status">
      {shown && (
        <p className="admin-banner admin-banner--success">
          Product “{shown.name}” {shown.created ? 'created' : 'saved'}.{' '}
          <Link to="/product/$id" params={{ id: shown.id }}>
            View {shown.name} in the shop
          </Link>
        </p>
      )}
    </div>
  );
}
