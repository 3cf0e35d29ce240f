// Every background job, declared once: its name (the key, the same as the definition's `name`), its
// payload schema, handler and retry rules live in its own module's `defineJob`. Adding a job is one
// line here; `app.jobs.send` is typed by this list.
import { broadcastDeliveryJob } from '../modules/broadcasts/broadcasts.jobs';
import { rollupsRebuildJob, rollupsReclassifyJob } from '../modules/dashboards/rollups.jobs';
import { pointExpiryJob, pointExpiryNoticesJob, pointTiersJob } from '../modules/points/points.jobs';
import { uploadSweepJob } from '../modules/uploads/uploads.jobs';

export const JOBS = {
  'broadcast-delivery': broadcastDeliveryJob,
  'upload-sweep': uploadSweepJob,
  'point-expiry': pointExpiryJob,
  'point-expiry-notices': pointExpiryNoticesJob,
  'point-tiers': pointTiersJob,
  'rollups-reclassify': rollupsReclassifyJob,
  'rollups-rebuild': rollupsRebuildJob,
} as const;
