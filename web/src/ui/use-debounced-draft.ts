import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A draft of a value that lives in the URL: edits commit after `delayMs` of quiet (or at once with
 * `flush`), and a change from outside (Back, Reset) replaces the draft. Our own commits never clobber
 * what the user kept typing meanwhile.
 */
export function useDebouncedDraft(value: string, commit: (next: string) => void, delayMs = 400) {
  const [draft, setDraftState] = useState(value);
  const latest = useRef(value);
  const committed = useRef(value);
  const commitRef = useRef(commit);
  commitRef.current = commit;

  const setDraft = useCallback((next: string) => {
    latest.current = next;
    setDraftState(next);
  }, []);

  useEffect(() => {
    if (value === committed.current) return;
    committed.current = value;
    setDraft(value);
  }, [value, setDraft]);

  const flush = useCallback(() => {
    if (latest.current === committed.current) return;
    committed.current = latest.current;
    commitRef.current(latest.current);
  }, []);

  useEffect(() => {
    if (draft === committed.current) return;
    const timer = setTimeout(flush, delayMs);
    return () => clearTimeout(timer);
  }, [draft, delayMs, flush]);

  return [draft, setDraft, flush] as const;
}
