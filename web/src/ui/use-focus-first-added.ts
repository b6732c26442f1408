import { useEffect, useRef } from 'react';

/**
 * "Load More" that keeps the keyboard where the reader is: once the list has grown past the length it
 * had when the button was pressed, focus moves to the first link or button of the first item added.
 * Without it focus falls to the page when the button disables itself while loading (or disappears
 * with the last page), and a keyboard user starts again from the top.
 *
 * Spread `listRef` on the `<ul>`, call `willLoadMore()` in the button's click handler.
 */
export function useFocusFirstAdded<List extends HTMLElement>(count: number) {
  const listRef = useRef<List>(null);
  const countWhenAsked = useRef<number | null>(null);

  useEffect(() => {
    const from = countWhenAsked.current;
    if (from === null || count <= from) return;
    countWhenAsked.current = null;
    listRef.current?.children[from]?.querySelector<HTMLElement>('a[href], button')?.focus();
  }, [count]);

  return {
    listRef,
    willLoadMore: () => {
      countWhenAsked.current = count;
    },
  };
}
