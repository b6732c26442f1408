/**
 * Shop configuration defaults shared by server and browser. Every rule and every piece of copy
 * that mentions these numbers reads them from here, so copy and rule cannot disagree.
 * Amounts are in the shop currency's major unit (PKR), as the API speaks them.
 */
export const shopConfig = {
  currency: 'PKR',
  locale: 'en-PK',
  timeZone: 'Asia/Karachi',
  /** Shipping is free when the items subtotal (before any discount) is over this amount. */
  freeShippingOver: 100,
  flatShippingFee: 10,
  affiliateDiscountRate: 0.05,
  affiliateCommissionRate: 0.05,
  saleBadgeUnder: 50,
  lowStockUnder: 10,
  defaultRating: 4,
  priceFilterMax: 10_000,
  salesChartDays: 30,
  /** Days after delivery in which a shopper may ask to return items ("7-day hassle-free returns"). */
  returnWindowDays: 7,
  support: {
    phone: '+92 300 0000000',
    email: 'support@example.pk',
    liveChat: 'Live Chat - Available 24/7',
  },
  manualPayment: {
    label: 'Jazz Cash / EasyPaisa / Bank Account',
    accountTitle: 'Shop Account Title',
    jazzCash: '0300-0000000',
    easyPaisa: '0300-0000000',
    bankAccount: 'PK00 BANK 0000 0000 0000 0000',
  },
} as const;

export type ShopConfig = typeof shopConfig;
