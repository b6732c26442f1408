import type { ReactNode } from 'react';
import './table.css';

/**
 * A table that may be wider than the screen scrolls sideways inside this region. The region takes
 * focus so keyboard users can scroll it too.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
    <section className="admin-table-wrap" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
