// The audit trail on screen: `GET /web/audit_log/`, every staff write newest first, with who, what,
// when and the fields it changed. Branch scope: an entry is filed under the branch of the record it
// describes (http/audit.ts, at write time), and a user sees the entries of their branches; entries
// about data of no branch (staff users, roles, items, content, a promo for every branch) only a user
// who sees every branch does. Reading it takes the staff-user view permission (an administrator's).
import { auditLogContract } from '@lbo/contract/audit';
import { eq, sql } from 'drizzle-orm';
import { branches } from '../../db/schema/organisation';
import { audit_log, staff_users } from '../../db/schema/staff';
import { defineResource, outerColumn } from '../../resources/define';

const before = outerColumn(audit_log.before);
const after = outerColumn(audit_log.after);

/** The keys whose value differs between before and after (all of a create's or a delete's), sorted. */
const changedFields = sql<string[]>`array(
  select k from (
    select jsonb_object_keys(case when jsonb_typeof(${before}) = 'object' then ${before} else '{}'::jsonb end) as k
    union
    select jsonb_object_keys(case when jsonb_typeof(${after}) = 'object' then ${after} else '{}'::jsonb end)
  ) keys
  where k <> 'updated_at' and (${before} -> k) is distinct from (${after} -> k)
  order by k)`;

const fromDay = (v: string) => sql`(${v}::date)::timestamp at time zone 'Asia/Jakarta'`;
const afterDay = (v: string) => sql`((${v}::date + 1)::timestamp at time zone 'Asia/Jakarta')`;

export const auditLogResource = defineResource({
  contract: auditLogContract,
  table: audit_log,
  columns: {
    id: audit_log.id,
    at: audit_log.at,
    user_id: audit_log.user_id,
    user_name: staff_users.name,
    action: audit_log.action,
    entity: audit_log.entity,
    entity_id: audit_log.entity_id,
    branch_id: audit_log.branch_id,
    branch_name: branches.name,
    changed_fields: changedFields,
    before: audit_log.before,
    after: audit_log.after,
    ip: audit_log.ip,
  },
  joins: (q) =>
    q
      .leftJoin(staff_users, eq(staff_users.id, audit_log.user_id))
      .leftJoin(branches, eq(branches.id, audit_log.branch_id)),
  sort: {
    id: audit_log.id,
    at: audit_log.at,
    user_name: staff_users.name,
    entity: audit_log.entity,
    action: audit_log.action,
    entity_id: audit_log.entity_id,
  },
  search: [audit_log.entity, audit_log.entity_id, audit_log.action, staff_users.name],
  filters: {
    staff_user_id: audit_log.user_id,
    entity: audit_log.entity,
    entity_id: audit_log.entity_id,
    action: audit_log.action,
    branch_id: audit_log.branch_id,
    start_date: (v: string) => sql`${audit_log.at} >= ${fromDay(v)}`,
    end_date: (v: string) => sql`${audit_log.at} < ${afterDay(v)}`,
  },
  scope: { branchColumn: audit_log.branch_id },
});

export const auditResources = [auditLogResource];
