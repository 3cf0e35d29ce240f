// Points area, the declarative part: the ledger's read routes, the customer balance report, point
// rules, maximum points per customer and promo points. Ledger writes (they move balances) live in
// points.service.ts and points.routes.ts; the special rules of the CRUD resources are the hooks here.
import {
  pointEntryContract,
  pointMaxCustomerContract,
  pointPromoContract,
  pointRuleContract,
  promoBoostError,
  ruleTargetError,
  STAFF_POINT_SOURCES,
} from '@lbo/contract/points';
import type { ResourcePaths } from '@lbo/contract/resource';
import { and, eq, gte, lte, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { rows, type Tx } from '../../db/client';
import { inList } from '../../db/schema/common';
import { customer_types, customers } from '../../db/schema/customers';
import { branches } from '../../db/schema/organisation';
import { point_ledger, point_max_customers, point_promos, point_rules } from '../../db/schema/points';
import { item_categories, items } from '../../db/schema/products';
import { staff_users } from '../../db/schema/staff';
import { badRequest, phrase, problem } from '../../http/errors';
import { defineResource } from '../../resources/define';

const STAFF_SOURCES = inList(STAFF_POINT_SOURCES);

// ---------------------------------------------------------------------------------------------
// The ledger: list, select and get come from the machinery; POST / PUT / DELETE are workflows
// (points.routes.ts), so this definition declares only the read paths.
const { list, select, get } = pointEntryContract.paths;

export const pointLedgerResource = defineResource({
  contract: { ...pointEntryContract, paths: { list, select, get } as ResourcePaths },
  table: point_ledger,
  columns: {
    id: point_ledger.id,
    customer_id: point_ledger.customer_id,
    customer_code: customers.customer_code,
    customer_name: customers.customer_name,
    branch_id: customers.branch_id,
    branch_name: branches.name,
    point_type: point_ledger.point_type,
    points: point_ledger.points,
    invoice_document_no: point_ledger.invoice_document_no,
    reference: point_ledger.reference,
    reason: point_ledger.reason,
    source: point_ledger.source,
    reverses_id: point_ledger.reverses_id,
    void: point_ledger.void,
    voided_at: point_ledger.voided_at,
    voided_by: point_ledger.voided_by,
    balance_after: point_ledger.balance_after,
    created_by: point_ledger.created_by,
    created_by_name: staff_users.name,
    entry_date: point_ledger.entry_date,
    editable: sql<boolean>`(${point_ledger.source} in (${STAFF_SOURCES}) and not ${point_ledger.void})`,
    created_at: point_ledger.created_at,
    updated_at: point_ledger.updated_at,
  },
  joins: (q) =>
    q
      .innerJoin(customers, eq(customers.id, point_ledger.customer_id))
      .innerJoin(branches, eq(branches.id, customers.branch_id))
      .leftJoin(staff_users, eq(staff_users.id, point_ledger.created_by)),
  sort: {
    id: point_ledger.id,
    entry_date: point_ledger.entry_date,
    points: point_ledger.points,
    customer_name: customers.customer_name,
    created_at: point_ledger.created_at,
  },
  search: [customers.customer_name, customers.customer_code, point_ledger.invoice_document_no],
  filters: {
    point_type: point_ledger.point_type,
    customer_id: point_ledger.customer_id,
    branch_id: customers.branch_id,
    start_date: (v: string) => gte(point_ledger.entry_date, v),
    end_date: (v: string) => lte(point_ledger.entry_date, v),
    source: point_ledger.source,
    invoice_document_no: point_ledger.invoice_document_no,
    void: point_ledger.void,
  },
  scope: { branchColumn: customers.branch_id },
});

// ---------------------------------------------------------------------------------------------
// Point transaction rules. Precedence (points.engine.ts): item rule > category rule > all-items
// rule; a rule for the customer's type > one for every type; then the newest (highest id).

export const pointRuleResource = defineResource({
  scope: 'none',
  contract: pointRuleContract,
  table: point_rules,
  columns: {
    id: point_rules.id,
    name: point_rules.name,
    target: sql<
      'item' | 'category' | 'all'
    >`(case when ${point_rules.item_id} is not null then 'item' when ${point_rules.item_category_id} is not null then 'category' else 'all' end)`,
    item_category_id: point_rules.item_category_id,
    item_category_name: item_categories.name,
    item_id: point_rules.item_id,
    item_code: items.item_code,
    item_name: items.item_name,
    customer_type_id: point_rules.customer_type_id,
    customer_type_name: customer_types.name,
    amount_per_point: point_rules.amount_per_point,
    start_date: point_rules.start_date,
    end_date: point_rules.end_date,
    active: point_rules.active,
    note: point_rules.note,
    created_at: point_rules.created_at,
    updated_at: point_rules.updated_at,
  },
  joins: (q) =>
    q
      .leftJoin(item_categories, eq(item_categories.id, point_rules.item_category_id))
      .leftJoin(items, eq(items.id, point_rules.item_id))
      .leftJoin(customer_types, eq(customer_types.id, point_rules.customer_type_id)),
  sort: {
    id: point_rules.id,
    name: point_rules.name,
    amount_per_point: point_rules.amount_per_point,
    start_date: point_rules.start_date,
    end_date: point_rules.end_date,
    created_at: point_rules.created_at,
    created_date: point_rules.created_at,
  },
  search: [point_rules.name, point_rules.note, items.item_name, item_categories.name],
  filters: {
    active: point_rules.active,
    item_category_id: point_rules.item_category_id,
    item_id: point_rules.item_id,
    customer_type_id: point_rules.customer_type_id,
    valid_on: (v: string) => and(lte(point_rules.start_date, v), gte(point_rules.end_date, v)),
  },
  hooks: {
    beforeUpdate: (_id, input, before) => {
      const t = ruleTargetError({ ...before, ...input });
      if (t) throw badRequest(phrase(t, 'item_id'));
      return input;
    },
  },
});

// ---------------------------------------------------------------------------------------------
// Maximum points per customer: one customer's periods may not overlap.

async function assertNoMaxOverlap(
  tx: Tx,
  v: { customer_id: number; start_date: string; end_date: string },
  selfId: number | null,
) {
  // Serialises writers for this customer so two overlapping periods cannot both pass the check.
  await rows(tx, sql`select 1 from customers where id = ${v.customer_id} for update`);
  const [other] = await rows<{ id: number; start_date: string; end_date: string }>(
    tx,
    sql`select id, start_date::text, end_date::text from point_max_customers
        where customer_id = ${v.customer_id} and id <> ${selfId ?? 0}
          and start_date <= ${v.end_date}::date and end_date >= ${v.start_date}::date
        order by start_date limit 1`,
  );
  if (other) {
    throw badRequest(
      problem('period_overlap', { id: other.id, start: other.start_date, end: other.end_date }, 'start_date'),
    );
  }
}

const showAll = (req: FastifyRequest) => (req.query as { show_all?: boolean } | undefined)?.show_all;

export const pointMaxCustomerResource = defineResource({
  contract: pointMaxCustomerContract,
  table: point_max_customers,
  columns: {
    id: point_max_customers.id,
    customer_id: point_max_customers.customer_id,
    customer_code: customers.customer_code,
    customer_name: customers.customer_name,
    branch_id: customers.branch_id,
    branch_name: branches.name,
    max_point: point_max_customers.max_point,
    start_date: point_max_customers.start_date,
    end_date: point_max_customers.end_date,
    active: point_max_customers.active,
    note: point_max_customers.note,
    customer_monthly_max_point: customers.monthly_max_point,
    created_at: point_max_customers.created_at,
    updated_at: point_max_customers.updated_at,
  },
  joins: (q) =>
    q
      .innerJoin(customers, eq(customers.id, point_max_customers.customer_id))
      .innerJoin(branches, eq(branches.id, customers.branch_id)),
  sort: {
    id: point_max_customers.id,
    customer_name: customers.customer_name,
    customer_code: customers.customer_code,
    max_point: point_max_customers.max_point,
    start_date: point_max_customers.start_date,
    end_date: point_max_customers.end_date,
    created_at: point_max_customers.created_at,
    created_date: point_max_customers.created_at,
  },
  search: [customers.customer_name, customers.customer_code, point_max_customers.note],
  filters: {
    customer_id: point_max_customers.customer_id,
    branch_id: customers.branch_id,
    active: point_max_customers.active,
  },
  // show_all is read here rather than as a filter, so that its absence hides past entries too.
  where: (req) =>
    showAll(req)
      ? undefined
      : sql`(${point_max_customers.active} and ${point_max_customers.end_date} >= current_date)`,
  // The customer named in a create/update (contract: ref) is checked against this scope's rule.
  scope: { branchColumn: customers.branch_id },
  hooks: {
    beforeCreate: async (input, { tx }) => {
      await assertNoMaxOverlap(tx, input, null);
      return input;
    },
    beforeUpdate: async (id, input, before, { tx }) => {
      const merged = { ...before, ...input } as { customer_id: number; start_date: string; end_date: string };
      await assertNoMaxOverlap(tx, merged, id);
      return input;
    },
  },
});

// ---------------------------------------------------------------------------------------------
// Promo points: active periods covering the same lines (same category, or either for every item)
// may not overlap, so every invoice line has at most one promo.

async function assertNoPromoOverlap(
  tx: Tx,
  v: { start_date: string; end_date: string; item_category_id: number | null; active: boolean },
  selfId: number | null,
) {
  if (!v.active) return;
  await rows(tx, sql`select pg_advisory_xact_lock(hashtext('point_promos'))`);
  const [other] = await rows<{ id: number; name: string; start_date: string; end_date: string }>(
    tx,
    sql`select id, name, start_date::text, end_date::text from point_promos
        where active and id <> ${selfId ?? 0}
          and start_date <= ${v.end_date}::date and end_date >= ${v.start_date}::date
          and (item_category_id is null or ${v.item_category_id}::int is null or item_category_id = ${v.item_category_id}::int)
        order by start_date limit 1`,
  );
  if (other) {
    throw badRequest(
      problem(
        'promo_overlap',
        { id: other.id, name: other.name, start: other.start_date, end: other.end_date },
        'start_date',
      ),
    );
  }
}

function promoValues(input: Record<string, unknown>): Record<string, unknown> {
  const { photo, ...rest } = input;
  return photo === undefined ? rest : { ...rest, photo_url: photo };
}

export const pointPromoResource = defineResource({
  scope: 'none',
  contract: pointPromoContract,
  table: point_promos,
  images: ['photo'],
  columns: {
    id: point_promos.id,
    name: point_promos.name,
    description: point_promos.description,
    start_date: point_promos.start_date,
    end_date: point_promos.end_date,
    multiplier: point_promos.multiplier,
    bonus_points: point_promos.bonus_points,
    item_category_id: point_promos.item_category_id,
    item_category_name: item_categories.name,
    photo: point_promos.photo_url,
    active: point_promos.active,
    note: point_promos.note,
    created_at: point_promos.created_at,
    updated_at: point_promos.updated_at,
  },
  joins: (q) => q.leftJoin(item_categories, eq(item_categories.id, point_promos.item_category_id)),
  sort: {
    id: point_promos.id,
    name: point_promos.name,
    start_date: point_promos.start_date,
    end_date: point_promos.end_date,
    created_at: point_promos.created_at,
    created_date: point_promos.created_at,
  },
  search: [point_promos.name, point_promos.description],
  filters: {
    // start_date and end_date together select the promos overlapping that range.
    start_date: (v: string) => gte(point_promos.end_date, v),
    end_date: (v: string) => lte(point_promos.start_date, v),
    active: point_promos.active,
    item_category_id: point_promos.item_category_id,
  },
  hooks: {
    beforeCreate: async (input, { tx }) => {
      await assertNoPromoOverlap(tx, input, null);
      return promoValues(input);
    },
    beforeUpdate: async (id, input, before, { tx }) => {
      const merged = { ...before, ...input } as {
        start_date: string;
        end_date: string;
        item_category_id: number | null;
        active: boolean;
        multiplier: number;
        bonus_points: number;
      };
      const b = promoBoostError(merged);
      if (b) throw badRequest(phrase(b, 'multiplier'));
      await assertNoPromoOverlap(tx, merged, id);
      return promoValues(input);
    },
  },
});

export const pointResources = [
  pointLedgerResource,
  pointRuleResource,
  pointMaxCustomerResource,
  pointPromoResource,
];
