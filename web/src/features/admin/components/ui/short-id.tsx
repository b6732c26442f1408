const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An id as a list shows it: a generated UUID is cut to its first 8 characters (enough to tell rows
 * apart; the full id is in the tooltip and on the detail view), any other id is shown whole.
 */
export function ShortId({ id }: { id: string }) {
  if (!UUID.test(id)) return <span className="admin-id">{id}</span>;
  return (
    <span className="admin-id" title={id}>
      {id.slice(0, 8)}
      <span aria-hidden="true">…</span>
    </span>
  );
}
