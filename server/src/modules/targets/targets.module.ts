// Customer targets with achievement and target category volume.
// modules/index.ts registers this area: its resource definitions and its own routes.
//
// - /customer/target/add_bulk (import), /quarter, /semester, /year: targets.service.ts, targets.imports.ts
// - /target_category_volume/... and the older /target_category/...: one service over two tables
//   (targets.categories.ts says how they differ)

import { PageMeta } from '@lbo/contract/common';
import {
  CATEGORY_AREAS,
  CategoryCustomer,
  CategoryDistinctQuery,
  CategoryReportQuery,
  CategoryReportRow,
  CategorySelectQuery,
  CustomerTargetPeriod,
  TARGET_PATHS,
  TargetCategory,
  TargetCategoryVolume,
  TargetQuarterQuery,
  TargetSemesterQuery,
  TargetYearQuery,
} from '@lbo/contract/targets';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import type { AnyResourceDef } from '../../resources/define';
import { registerImport } from '../../resources/imports';
import { categoryReport, distinctCustomers, selectTargets } from './targets.categories';
import {
  customerTargetImportDef,
  targetCategoryImportDef,
  targetCategoryVolumeImportDef,
} from './targets.imports';
import { customerInScope, targetPeriod } from './targets.service';

export const targetsResources: AnyResourceDef[] = [];

const tags = ['target'];
const periodAnswer = { 200: z.object({ data: CustomerTargetPeriod }) };

export function registerTargetRoutes(api: FastifyInstance, db: Db): void {
  const r = api.withTypeProvider<ZodTypeProvider>();

  registerImport(api, db, customerTargetImportDef);

  r.get(
    TARGET_PATHS.quarter,
    {
      config: { area: 'target', action: 'view', scope: 'branch' },
      schema: {
        tags,
        summary:
          "A customer's quarter: each month's target, the invoiced net amount (achievement) and the percentage, with the sums",
        querystring: TargetQuarterQuery,
        response: periodAnswer,
      },
    },
    async (req) => {
      const q = req.query;
      return { data: await targetPeriod(db, req, q.customer_id, { year: q.year, quarter: q.quarter }) };
    },
  );
  r.get(
    TARGET_PATHS.semester,
    {
      config: { area: 'target', action: 'view', scope: 'branch' },
      schema: {
        tags,
        summary: "A customer's semester (1: January-June, 2: July-December): months, achievement, sums",
        querystring: TargetSemesterQuery,
        response: periodAnswer,
      },
    },
    async (req) => {
      const q = req.query;
      return { data: await targetPeriod(db, req, q.customer_id, { year: q.year, semester: q.semester }) };
    },
  );
  r.get(
    TARGET_PATHS.year,
    {
      config: { area: 'target', action: 'view', scope: 'branch' },
      schema: {
        tags,
        summary:
          "A customer's year: twelve months with target, achievement and percentage, sorted by `by` (month by default; id, target_amount, actual_amount, achievement_pct; months without a value last)",
        querystring: TargetYearQuery,
        response: periodAnswer,
      },
    },
    async (req) => {
      const q = req.query;
      return {
        data: await targetPeriod(db, req, q.customer_id, { year: q.year }, { by: q.by, dir: q.sort }),
      };
    },
  );

  registerImport(api, db, targetCategoryVolumeImportDef);
  registerImport(api, db, targetCategoryImportDef);

  for (const area of CATEGORY_AREAS) {
    const Row = area.kind === 'volume' ? TargetCategoryVolume : TargetCategory;
    const what =
      area.kind === 'volume'
        ? 'target category volumes'
        : 'target categories (the older monthly rupiah targets)';
    r.get(
      `${area.base}/select`,
      {
        config: { area: 'target', action: 'view', scope: 'branch' },
        schema: {
          tags,
          summary: `The ${what}, filtered by customer_code and name (category), at most 1000; newest first by default`,
          querystring: CategorySelectQuery,
          response: { 200: z.object({ data: z.array(Row) }) },
        },
      },
      async (req) => ({ data: (await selectTargets(db, req, area.kind, req.query)) as never }),
    );
    r.get(
      `${area.base}/select/distinct`,
      {
        config: { area: 'target', action: 'view', scope: 'branch' },
        schema: {
          tags,
          summary: `One row per customer with ${what} (their count and category names), at most 1000`,
          querystring: CategoryDistinctQuery,
          response: { 200: z.object({ data: z.array(CategoryCustomer) }) },
        },
      },
      async (req) => ({ data: (await distinctCustomers(db, req, area.kind, req.query)) as never }),
    );
    r.get(
      `${area.base}/id/:customer_id`,
      {
        config: { area: 'target', action: 'view', scope: 'branch' },
        schema: {
          tags,
          summary: `One customer's ${what} ([] when it has none; 404 for an unknown customer)`,
          params: z.object({
            customer_id: z.coerce.number().int().positive({ error: 'must be a positive id' }),
          }),
          querystring: CategorySelectQuery,
          response: { 200: z.object({ data: z.array(Row) }) },
        },
      },
      async (req) => {
        await customerInScope(db, req, req.params.customer_id);
        return {
          data: (await selectTargets(db, req, area.kind, {
            ...req.query,
            customer_id: req.params.customer_id,
          })) as never,
        };
      },
    );
    r.get(
      `${area.base}/report`,
      {
        config: { area: 'target', action: 'view', scope: 'branch' },
        schema: {
          tags,
          summary:
            area.kind === 'volume'
              ? "Target vs actual volume per customer and category: the invoiced quantity of the category's items in their base unit within the target's period, and the percentage; targets overlapping start_date..end_date; paged, by customer name"
              : "Target vs actual per customer, category and month: the invoiced net amount of the category's items that month, and the percentage; paged, by customer name",
          querystring: CategoryReportQuery,
          response: { 200: z.object({ data: z.array(CategoryReportRow), meta: PageMeta }) },
        },
      },
      async (req) => categoryReport(db, req, area.kind, req.query),
    );
  }
}
