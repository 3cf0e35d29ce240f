// Vouchers and voucher redemptions, declared once (contract/src/vouchers.ts); redemptions in bulk are
// vouchers.imports.ts.
import { voucherContract, voucherRedeemContract } from '@lbo/contract/vouchers';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { rows } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { branches } from '../../db/schema/organisation';
import { staff_users } from '../../db/schema/staff';
import { voucher_redemptions, vouchers } from '../../db/schema/vouchers';
import { conflict, problem } from '../../http/errors';
import { photoValues } from '../../http/uploads';
import { defineResource, outerColumn } from '../../resources/define';

const showAll = (req: FastifyRequest) => (req.query as { show_all?: boolean } | undefined)?.show_all;

export const voucherResource = defineResource({
  scope: 'none',
  contract: voucherContract,
  table: vouchers,
  images: ['photo'],
  columns: {
    id: vouchers.id,
    code: vouchers.code,
    name: vouchers.name,
    description: vouchers.description,
    nominal: vouchers.nominal,
    photo: vouchers.photo_url,
    start_date: vouchers.start_date,
    end_date: vouchers.end_date,
    quota: vouchers.quota,
    active: vouchers.active,
    redeemed_count: sql<number>`(select count(*)::int from voucher_redemptions r where r.voucher_id = ${outerColumn(vouchers.id)})`,
    created_at: vouchers.created_at,
    updated_at: vouchers.updated_at,
  },
  sort: {
    id: vouchers.id,
    code: vouchers.code,
    name: vouchers.name,
    nominal: vouchers.nominal,
    start_date: vouchers.start_date,
    end_date: vouchers.end_date,
    created_at: vouchers.created_at,
    created_date: vouchers.created_at,
  },
  search: [vouchers.code, vouchers.name, vouchers.description],
  filters: { active: vouchers.active },
  // show_all is read here rather than as a filter, so that its absence hides ended vouchers too.
  where: (req) =>
    showAll(req)
      ? undefined
      : sql`(${vouchers.active} and ${vouchers.end_date} >= (now() at time zone 'Asia/Jakarta')::date)`,
  hooks: {
    beforeCreate: (input) => photoValues(input),
    beforeUpdate: async (id, input, _before, { tx }) => {
      if (input.quota !== undefined && input.quota !== null) {
        const [r] = await rows<{ n: number }>(
          tx,
          sql`select count(*)::int as n from voucher_redemptions where voucher_id = ${id}`,
        );
        if (r.n > input.quota) {
          throw conflict(problem('quota_below_redeemed', { count: r.n }, 'quota'));
        }
      }
      return photoValues(input);
    },
    beforeDelete: async (id, _before, { tx }) => {
      const [r] = await rows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from voucher_redemptions where voucher_id = ${id}`,
      );
      if (r.n > 0) {
        throw conflict(problem('voucher_has_redemptions', { id, count: r.n }));
      }
    },
  },
});

export const voucherRedeemResource = defineResource({
  contract: voucherRedeemContract,
  table: voucher_redemptions,
  columns: {
    id: voucher_redemptions.id,
    voucher_id: voucher_redemptions.voucher_id,
    voucher_code: vouchers.code,
    voucher_name: vouchers.name,
    nominal: vouchers.nominal,
    customer_id: voucher_redemptions.customer_id,
    customer_code: customers.customer_code,
    customer_name: customers.customer_name,
    branch_id: voucher_redemptions.branch_id,
    branch_name: branches.name,
    redeemed_at: voucher_redemptions.redeemed_at,
    note: voucher_redemptions.note,
    created_by: voucher_redemptions.created_by,
    created_by_name: staff_users.name,
    created_at: voucher_redemptions.created_at,
  },
  joins: (q) =>
    q
      .leftJoin(vouchers, eq(vouchers.id, voucher_redemptions.voucher_id))
      .leftJoin(customers, eq(customers.id, voucher_redemptions.customer_id))
      .leftJoin(branches, eq(branches.id, voucher_redemptions.branch_id))
      .leftJoin(staff_users, eq(staff_users.id, voucher_redemptions.created_by)),
  sort: {
    id: voucher_redemptions.id,
    redeemed_at: voucher_redemptions.redeemed_at,
    customer_name: customers.customer_name,
    customer_code: customers.customer_code,
    voucher_name: vouchers.name,
  },
  search: [customers.customer_name, customers.customer_code, vouchers.name, vouchers.code],
  filters: {
    voucher_id: voucher_redemptions.voucher_id,
    branch_id: voucher_redemptions.branch_id,
    customer_id: voucher_redemptions.customer_id,
    show_all: (v: boolean) =>
      v
        ? undefined
        : sql`(${vouchers.active} and ${vouchers.end_date} >= (now() at time zone 'Asia/Jakarta')::date)`,
  },
  scope: { branchColumn: voucher_redemptions.branch_id },
});

export const voucherResourceList = [voucherResource, voucherRedeemResource];
