import { shopConfig } from '@shop/contracts';

/** The shop's name as shown in the header, footer and page titles. */
export const brandName = shopConfig.name;
