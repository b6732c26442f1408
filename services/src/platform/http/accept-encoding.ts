/** The content codings the server can send, best first. */
export const CODINGS = ['br', 'gzip'] as const;
export type ContentCoding = (typeof CODINGS)[number];

/** The codings an Accept-Encoding header accepts (q above 0); `*` stands for both we have. */
export function acceptedEncodings(header: string | undefined): ReadonlySet<string> {
  const accepted = new Set<string>();
  const refused = new Set<string>();
  let wildcard = false;
  for (const part of (header ?? '').split(',')) {
    const [token = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    const ok = Number.isFinite(weight) && weight > 0;
    if (token === '*') wildcard = ok;
    else if (token) (ok ? accepted : refused).add(token);
  }
  if (wildcard) for (const name of CODINGS) if (!refused.has(name)) accepted.add(name);
  return accepted;
}
