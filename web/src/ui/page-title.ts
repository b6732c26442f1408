import { useEffect, useLayoutEffect } from 'react';
import { useShopName } from './brand';

/**
 * Puts the shop's name alone in the tab's title whenever the address changes (the root layout calls
 * it), so no page keeps the title of the one before. A layout effect: React runs every layout effect
 * before any passive one, so a page's own `usePageTitle` always lands after it.
 */
export function useResetPageTitle(pathname: string): void {
  const shopName = useShopName();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new address is the reason to reset.
  useLayoutEffect(() => {
    document.title = shopName;
  }, [pathname, shopName]);
}

/** `Name | Shop` in the tab's title: the <title> the server renders for the same page. */
export function usePageTitle(name: string, pageKey: string): void {
  const shopName = useShopName();
  // biome-ignore lint/correctness/useExhaustiveDependencies: another page of the same name sets it again.
  useEffect(() => {
    document.title = `${name} | ${shopName}`;
  }, [name, pageKey, shopName]);
}
