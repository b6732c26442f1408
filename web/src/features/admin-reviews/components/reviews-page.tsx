import type { AdminReview } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { productListQuery } from '../../../lib/product-list';
import { AdminPage } from '../../../ui/admin/admin-page';
import { type Column, DataTable } from '../../../ui/admin/data-table';
import { ListFilters, ListPager, ListSelect } from '../../../ui/admin/list-controls';
import { ConfirmDialog } from '../../../ui/admin/modal';
import { ShortId } from '../../../ui/admin/short-id';
import { ErrorPanel, LoadingState } from '../../../ui/admin/states';
import { useIsDesktop } from '../../../ui/admin/use-media-query';
import { formatDateTime } from '../../../ui/dates';
import { EmptyState } from '../../../ui/empty-state';
import { adminReviewsPageQuery, useDeleteReview } from '../api/reviews';
import type { ReviewsSearch } from '../reviews-search';
import './reviews.css';

export interface ReviewsPageProps {
  search: ReviewsSearch;
  onSearchChange: (next: ReviewsSearch) => void;
}

/**
 * `/admin/reviews`: a page of reviews at a time, newest first, optionally one product's, with their
 * authors; a table from 1024 px, cards below; delete after a confirmation.
 */
export function ReviewsPage({ search, onSearchChange }: ReviewsPageProps) {
  const reviews = useQuery(adminReviewsPageQuery(search));
  const products = useQuery(productListQuery());
  const isDesktop = useIsDesktop();
  const [pendingDelete, setPendingDelete] = useState<AdminReview | null>(null);
  const deletion = useDeleteReview();

  function close() {
    setPendingDelete(null);
    deletion.reset();
  }

  return (
    <AdminPage
      title="Customer Reviews"
      subtitle="Reviews are published at once; delete any that break the rules"
    >
      <ListFilters>
        <ListSelect
          label="Product"
          any="Every product"
          value={search.productId}
          options={(products.data ?? []).map((product) => [product.id, product.name] as const)}
          onChange={(productId) => onSearchChange({ productId })}
        />
      </ListFilters>
      {reviews.isPending ? (
        <LoadingState label="Loading reviews…" />
      ) : reviews.isError && !reviews.data ? (
        <ErrorPanel
          fullScreen
          title="Reviews could not be loaded"
          message={errorMessage(reviews.error)}
          retrying={reviews.isFetching}
          onRetry={() => void reviews.refetch()}
        />
      ) : reviews.data.total === 0 ? (
        <EmptyState announced title="No reviews yet" />
      ) : (
        <>
          <div aria-busy={reviews.isPlaceholderData}>
            {isDesktop ? (
              <ReviewsTable reviews={reviews.data.items} onDelete={setPendingDelete} />
            ) : (
              <ReviewCards reviews={reviews.data.items} onDelete={setPendingDelete} />
            )}
          </div>
          <ListPager
            page={reviews.data}
            noun="review"
            loading={reviews.isPlaceholderData}
            onCursor={(cursor) => onSearchChange({ ...search, cursor })}
          />
        </>
      )}
      {pendingDelete && (
        <ConfirmDialog
          title="Confirm Deletion"
          message="Are you sure you want to delete this review? This action cannot be undone."
          confirmLabel="Delete"
          busyLabel="Deleting..."
          busy={deletion.isPending}
          error={deletion.isError ? `Could not delete the review: ${errorMessage(deletion.error)}` : null}
          onCancel={close}
          onConfirm={() => deletion.mutate(pendingDelete, { onSuccess: close })}
        />
      )}
    </AdminPage>
  );
}

interface ReviewsViewProps {
  reviews: readonly AdminReview[];
  onDelete: (review: AdminReview) => void;
}

/** Whether a buyer of a delivered line wrote it, or it is from before reviews came from buyers. */
function Verified({ review }: { review: AdminReview }) {
  return review.verified ? <span>Verified buyer</span> : <span className="muted">Not verified</span>;
}

function Rating({ rating }: { rating: number }) {
  return (
    <span className="admin-rating">
      <span aria-hidden="true">{'★'.repeat(rating)}</span>
      <span className="admin-rating__text">{rating}/5</span>
      <span className="visually-hidden"> stars</span>
    </span>
  );
}

function Author({ review }: { review: AdminReview }) {
  return (
    <>
      <div>{review.User?.name || '—'}</div>
      <div className="muted admin-table__sub">{review.User?.email || '—'}</div>
    </>
  );
}

function Product({ review }: { review: AdminReview }) {
  return (
    <>
      <div className="admin-card__id">
        <ShortId id={review.productId} />
      </div>
      {review.productName && <div className="muted admin-table__sub">{review.productName}</div>}
    </>
  );
}

function DeleteButton({
  review,
  onDelete,
}: {
  review: AdminReview;
  onDelete: (review: AdminReview) => void;
}) {
  return (
    <button
      type="button"
      className="button admin-button--danger-ghost admin-button--small"
      aria-label={`Delete review ${review.id}`}
      onClick={() => onDelete(review)}
    >
      Delete
    </button>
  );
}

function ReviewsTable({ reviews, onDelete }: ReviewsViewProps) {
  const columns: Column<AdminReview>[] = [
    { header: 'ID', className: 'admin-table__id', cell: (review) => <ShortId id={review.id} /> },
    { header: 'Product', cell: (review) => <Product review={review} /> },
    { header: 'User', cell: (review) => <Author review={review} /> },
    { header: 'Rating', cell: (review) => <Rating rating={review.rating} /> },
    { header: 'Buyer', cell: (review) => <Verified review={review} /> },
    {
      header: 'Comment',
      className: 'admin-table__comment',
      cell: (review) => review.comment || <span className="muted">—</span>,
    },
    {
      header: 'Date',
      cell: (review) => <time dateTime={review.createdAt}>{formatDateTime(review.createdAt)}</time>,
    },
    { header: 'Actions', cell: (review) => <DeleteButton review={review} onDelete={onDelete} /> },
  ];
  return (
    <DataTable
      label="Reviews table"
      caption="Reviews"
      columns={columns}
      rows={reviews}
      rowKey={(review) => review.id}
    />
  );
}

function ReviewCards({ reviews, onDelete }: ReviewsViewProps) {
  return (
    <ul className="admin-cards">
      {reviews.map((review) => (
        <li key={review.id}>
          <article className="admin-card" aria-label={`Review ${review.id}`}>
            <header className="admin-card__header">
              <Rating rating={review.rating} />
              <time className="muted" dateTime={review.createdAt}>
                {formatDateTime(review.createdAt)}
              </time>
            </header>
            <p className="admin-card__comment">
              {review.comment || <span className="muted">No comment</span>}
            </p>
            <dl className="admin-card__facts">
              <div>
                <dt>ID</dt>
                <dd>
                  <ShortId id={review.id} />
                </dd>
              </div>
              <div>
                <dt>Product</dt>
                <dd>
                  <Product review={review} />
                </dd>
              </div>
              <div>
                <dt>User</dt>
                <dd>
                  <Author review={review} />
                </dd>
              </div>
              <div>
                <dt>Buyer</dt>
                <dd>
                  <Verified review={review} />
                </dd>
              </div>
            </dl>
            <DeleteButton review={review} onDelete={onDelete} />
          </article>
        </li>
      ))}
    </ul>
  );
}
