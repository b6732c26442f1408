import './table.css';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An id as a list shows it: a generated UUID is cut to its last 8 characters, which are random (the
 * first ones of a time-ordered id are the same for everything made within a minute); enough to tell
 * rows apart, and the full id is in the tooltip and on the detail view. Any other id is shown whole.
 */
export function ShortId({ id }: { id: string }) {
  if (!UUID.test(id)) return <span className="admin-id">{id}</span>;
  return (
    <span className="admin-id" title={id}>
      <span aria-hidden="true">…</span>
      {id.slice(-8)}
    </span>
  );
}
