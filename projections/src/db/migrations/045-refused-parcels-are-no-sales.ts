import type { Migration } from '../database';
import { replayProjector } from './replay';

/**
 * A parcel refused at the door was never a sale: the sales report's facts and the dashboard's daily
 * sales leave it out, as a cancellation. The log says which orders were refused, so both projectors
 * replay it.
 */
export const refusedParcelsAreNoSales: Migration = {
  name: '045-refused-parcels-are-no-sales',
  up(db) {
    replayProjector(db, 'sales', ['sales_facts', 'sales_daily']);
    replayProjector(db, 'metrics', ['metrics_counters', 'metrics_daily_sales', 'metrics_orders']);
  },
};
