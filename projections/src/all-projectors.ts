import { affiliatesProjector } from './affiliates/projector';
import { catalogueProjector } from './catalogue/projector';
import { customersProjector } from './customers/projector';
import { metricsProjector } from './metrics/projector';
import { ordersProjector } from './orders/projector';
import { outboxProjector } from './outbox/projector';
import { paymentsProjector } from './payments/projector';
import { returnsProjector } from './returns/projector';
import { reviewsProjector } from './reviews/projector';
import type { Projector } from './runner/projector';
import { salesProjector } from './sales/projector';

/** Every read model's projector, in the order the runner applies them. One line per read model. */
export const allProjectors: readonly Projector[] = [
  catalogueProjector,
  customersProjector,
  reviewsProjector,
  ordersProjector,
  returnsProjector,
  affiliatesProjector,
  metricsProjector,
  outboxProjector,
  salesProjector,
  paymentsProjector,
];
