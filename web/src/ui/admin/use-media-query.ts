import { useCallback, useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now, re-rendering when that changes. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const matches = () => typeof window !== 'undefined' && window.matchMedia?.(query).matches === true;
  return useSyncExternalStore(subscribe, matches, () => false);
}

/**
 * The desktop layout starts at 1024 px (docs/rules/screens.md#layout). Tables and cards are chosen
 * here rather than both rendered and one hidden by CSS, so assistive technology never meets the same data
 * twice.
 */
export const useIsDesktop = () => useMediaQuery('(min-width: 1024px)');
