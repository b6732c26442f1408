import { affiliatesProjector } from './affiliates';
import { catalogueProjector } from './catalogue';
import { customersProjector } from './customers';
import { metricsProjector } from './metrics';
import { ordersProjector } from './orders';
import { outboxProjector } from './outbox';
import { paymentsProjector } from './payments';
import type { Projector } from './projector';
import { returnsProjector } from './returns';
import { reviewsProjector } from './reviews';
import { salesProjector } from './sales';

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
