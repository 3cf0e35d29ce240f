// Pieces one area shows inside another's screen. The app fills each slot, so areas never import each
// other: the customer's page shows the targets area's periods without knowing that area.
import { lazy } from 'react';

/** The customer's target periods for a year (features/targets), a tab of the customer's page. */
export const CustomerTargetsSlot = lazy(() =>
  import('../features/targets/customer-targets').then((m) => ({ default: m.CustomerTargets })),
);

/** The store's point lots and what expires next (features/points), a tab of the customer's page. */
export const CustomerLotsSlot = lazy(() =>
  import('../features/points/customer-lots').then((m) => ({ default: m.CustomerLots })),
);
