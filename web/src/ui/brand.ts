import { shopConfig } from '@shop/contracts';
import { useShopInfo } from '../lib/shop-info';

/** The built-in name, shown only until `GET /api/shop` answers with the one the server is configured with. */
const BUILT_IN_NAME = shopConfig.name;

/** The shop's name (`SHOP_NAME` on the server) as the header, footer, pages and tab titles show it. */
export function useShopName(): string {
  return useShopInfo()?.name ?? BUILT_IN_NAME;
}
