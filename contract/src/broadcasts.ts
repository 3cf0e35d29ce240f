// Broadcasts (SPEC.md section 7): a message (title, body, optional image and deep link) to an
// audience of stores. Executing one writes one delivery row per store of the audience into the
// stores' inbox (read by the companion app) and hands the message to the push adapter.
import { z } from 'zod';
import { defineAction } from './action';
import { Id, imageRef, qInt, qString, ref, Timestamp } from './common';
import { appLink } from './content';
import { defineContract, updateSchema } from './resource';

export const BROADCAST_AUDIENCES = [
  'all',
  'branch',
  'region',
  'region_group',
  'customer_type',
  'customers',
] as const;
export type BroadcastAudience = (typeof BROADCAST_AUDIENCES)[number];
/**
 * draft > queued (executed, its delivery job waiting) > sending (the job delivering) > sent; failed:
 * the delivery gave up after its retries (executing again resumes it); cancelled: never sent.
 */
export const BROADCAST_STATUSES = ['draft', 'queued', 'sending', 'sent', 'failed', 'cancelled'] as const;
export const DELIVERY_STATUSES = ['pending', 'sent', 'delivered', 'read', 'failed'] as const;

/** The list each audience needs (empty for `all`). */
export const AUDIENCE_LIST: Record<BroadcastAudience, string | null> = {
  all: null,
  branch: 'branch_ids',
  region: 'region_ids',
  region_group: 'region_group_ids',
  customer_type: 'customer_type_ids',
  customers: 'customer_codes',
};

export const Broadcast = z.object({
  id: Id,
  title: z.string(),
  message: z.string(),
  image: z.string(),
  /** Where the app opens when the message is tapped ('' for nowhere). */
  link: z.string(),
  audience: z.enum(BROADCAST_AUDIENCES),
  branch_ids: z.array(Id),
  region_ids: z.array(Id),
  region_group_ids: z.array(Id),
  customer_type_ids: z.array(Id),
  customer_codes: z.array(z.string()),
  /** Only stores that installed the app. */
  installed_only: z.boolean(),
  status: z.enum(BROADCAST_STATUSES),
  executed_at: Timestamp.nullable(),
  executed_by_name: z.string().nullable(),
  /** Stores the broadcast was delivered to. */
  delivered_count: z.number().int(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Broadcast = z.infer<typeof Broadcast>;

const ids = (kind: string) => z.array(ref(kind, Id)).max(1000, { error: 'may list at most 1000 ids' });
const broadcastFields = {
  title: z.string().trim().min(1, { error: 'is required' }).max(200),
  message: z.string().trim().min(1, { error: 'is required' }).max(4000),
  image: imageRef(),
  link: appLink(),
  audience: z.enum(BROADCAST_AUDIENCES, {
    error: `must be one of ${BROADCAST_AUDIENCES.join(', ')}`,
  }),
  branch_ids: ids('branch'),
  region_ids: ids('region'),
  region_group_ids: ids('region_group'),
  customer_type_ids: ids('customer_type'),
  customer_codes: z
    .array(ref('customer', z.string().trim().min(1).max(50), 'code'))
    .max(100_000, { error: 'may list at most 100000 codes' }),
  installed_only: z.boolean(),
};

/** The audience's list must not be empty (e.g. `branch` needs branch_ids); the other lists are ignored. */
export function audienceIssue(v: Partial<Record<string, unknown>>): { path: string; message: string } | null {
  const key = AUDIENCE_LIST[(v.audience as BroadcastAudience) ?? 'all'];
  if (!key) return null;
  const list = v[key];
  return Array.isArray(list) && list.length > 0
    ? null
    : { path: key, message: `is required for the audience ${String(v.audience)}` };
}

export const BroadcastCreate = z
  .object({
    ...broadcastFields,
    image: broadcastFields.image.optional().default(''),
    link: broadcastFields.link.optional().default(''),
    audience: broadcastFields.audience.optional().default('all'),
    branch_ids: broadcastFields.branch_ids.optional().default([]),
    region_ids: broadcastFields.region_ids.optional().default([]),
    region_group_ids: broadcastFields.region_group_ids.optional().default([]),
    customer_type_ids: broadcastFields.customer_type_ids.optional().default([]),
    customer_codes: broadcastFields.customer_codes.optional().default([]),
    installed_only: broadcastFields.installed_only.optional().default(false),
  })
  .superRefine((v, ctx) => {
    const issue = audienceIssue(v);
    if (issue) {
      ctx.addIssue({
        code: 'custom',
        path: [issue.path],
        message: issue.message,
        params: { code: 'audience_required', audience: String(v.audience) },
      });
    }
  });
export const BroadcastUpdate = updateSchema(broadcastFields);

/** The get answer: the broadcast plus its deliveries counted by status. */
export const BroadcastDetail = Broadcast.extend({
  delivery_counts: z.object({
    pending: z.number().int(),
    sent: z.number().int(),
    delivered: z.number().int(),
    read: z.number().int(),
    failed: z.number().int(),
  }),
});

const broadcastFilters = z.object({
  status: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(BROADCAST_STATUSES, { error: `must be one of ${BROADCAST_STATUSES.join(', ')}` }).optional(),
  ),
  audience: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(BROADCAST_AUDIENCES, { error: `must be one of ${BROADCAST_AUDIENCES.join(', ')}` }).optional(),
  ),
});

/**
 * A user limited to some branches lists the broadcasts reaching at least one of their branches, and
 * their own; creates and changes only audiences within their branches (403 naming the others).
 */
export const broadcastContract = defineContract({
  name: 'broadcast',
  area: 'broadcast',
  idKey: 'id',
  paths: {
    list: '/broadcast/',
    select: '/broadcast/select',
    get: '/broadcast/id/:id',
    create: '/broadcast/add',
    update: '/broadcast/edit/:id',
    remove: '/broadcast/delete/:id',
  },
  record: Broadcast,
  create: BroadcastCreate,
  update: BroadcastUpdate,
  detail: { data: BroadcastDetail },
  filters: broadcastFilters,
  sortKeys: ['id', 'title', 'status', 'executed_at', 'created_at', 'delivered_count'],
  defaultSort: { by: 'b.id', dir: 'desc' },
  searchFields: ['title', 'message'],
});

/** GET /web/broadcast/: the same list as /broadcast/, as the web screen's search calls it. */
export const broadcastSearchContract = defineContract({
  ...broadcastContract,
  name: 'broadcast_search',
  paths: { list: '/web/broadcast/' },
  detail: undefined,
  create: undefined,
  update: undefined,
});

// ---------------------------------------------------------------------------------------------
// Deliveries: GET /broadcast/delivery/ (broadcast_id): who received a broadcast.

export const BroadcastDelivery = z.object({
  id: Id,
  broadcast_id: Id,
  customer_id: Id,
  customer_code: z.string(),
  customer_name: z.string(),
  branch_name: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  delivered_at: Timestamp.nullable(),
  error: z.string(),
});
export const broadcastDeliveryContract = defineContract({
  name: 'broadcast_delivery',
  area: 'broadcast',
  idKey: 'id',
  paths: { list: '/broadcast/delivery/' },
  record: BroadcastDelivery,
  filters: z.object({
    broadcast_id: qInt(),
    status: qString(),
  }),
  sortKeys: ['id', 'customer_name', 'customer_code', 'status', 'delivered_at'],
  defaultSort: { by: 'id', dir: 'asc' },
  searchFields: ['customer_name', 'customer_code'],
});

// ---------------------------------------------------------------------------------------------
// Execute: POST /broadcast/execute/{id}

export const BroadcastExecutePreview = z.object({
  /** Stores in the audience now (what the confirmation names and the client echoes). */
  count: z.number().int().min(0),
  audience: z.enum(BROADCAST_AUDIENCES),
});
export const BroadcastExecuteResult = z.object({
  id: Id,
  status: z.enum(BROADCAST_STATUSES),
  /** Stores in the audience. */
  audience_count: z.number().int(),
  /** Delivery rows written by this call: 0, the delivery job writes them (the broadcast's own count moves). */
  delivered_count: z.number().int(),
  executed_at: Timestamp,
});

export const broadcastExecuteAction = defineAction({
  name: 'execute',
  resource: 'broadcast',
  related: ['broadcast_delivery', 'broadcast_search'],
  method: 'POST',
  path: '/broadcast/execute/:id',
  placement: 'record',
  result: BroadcastExecuteResult,
  area: 'broadcast',
  action: 'update',
  confirm: { preview: BroadcastExecutePreview, echoCount: true, tone: 'default' },
  summary: 'Queue the delivery of a broadcast to every store of its audience (once)',
  description:
    "Queues the delivery and answers at once with status `queued`. A background job then writes one delivery row per store of the audience into the stores' inbox in slices, handing each slice's new rows to the push adapter; the broadcast moves to `sending`, its `delivered_count` grows as slices finish, and it ends `sent`. A delivery interrupted mid-way resumes without sending to a store twice. A broadcast is delivered once: while queued or sending, executing it again (or changing or deleting it) answers 409; once sent, executing it again answers 409 saying when and to how many stores it went; a cancelled one is a 409 too. It goes to the whole audience: a user limited to some branches may send (preview, change or delete) only a broadcast whose audience lies within their branches, else 403 naming the other branches.",
});
