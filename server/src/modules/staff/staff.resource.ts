// Staff area: staff users (with branch/region scope), roles and role groups.
import { roleContract, roleGroupContract, staffUserContract } from '@lbo/contract/staff';
import { eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client';
import { branches } from '../../db/schema/organisation';
import {
  role_group_roles,
  role_groups,
  roles,
  staff_user_branches,
  staff_user_regions,
  staff_users,
} from '../../db/schema/staff';
import { ApiError, conflict, forbidden, problem } from '../../http/errors';
import { hashPassword } from '../../http/password';
import { branchScope, seesBranch } from '../../http/scope';
import { defineResource, outerColumn } from '../../resources/define';

const idArray = (table: string, column: string, key: string, owner: AnyPgColumn) =>
  sql<
    number[]
  >`coalesce((select array_agg(x.${sql.raw(column)} order by x.${sql.raw(column)}) from ${sql.raw(table)} x where x.${sql.raw(key)} = ${outerColumn(owner)}), '{}')`;

async function replaceScope(tx: Tx, userId: number, input: { branch_ids?: number[]; region_ids?: number[] }) {
  if (input.branch_ids) {
    await tx.delete(staff_user_branches).where(eq(staff_user_branches.user_id, userId));
    const ids = [...new Set(input.branch_ids)];
    if (ids.length > 0)
      await tx.insert(staff_user_branches).values(ids.map((branch_id) => ({ user_id: userId, branch_id })));
  }
  if (input.region_ids) {
    await tx.delete(staff_user_regions).where(eq(staff_user_regions.user_id, userId));
    const ids = [...new Set(input.region_ids)];
    if (ids.length > 0)
      await tx.insert(staff_user_regions).values(ids.map((region_id) => ({ user_id: userId, region_id })));
  }
}

/**
 * A staff user may hand out only the branches they see themselves: every branch (all_branches), a
 * branch or a region (all its branches) outside their own scope is a 403, so scope never widens.
 */
async function assertGrantableScope(
  tx: Tx,
  req: FastifyRequest,
  input: { all_branches?: boolean; branch_ids?: number[]; region_ids?: number[] },
) {
  if (branchScope(req) === 'all') return;
  if (input.all_branches) {
    throw forbidden(problem('grant_all_branches', undefined, 'all_branches'));
  }
  const outside = (input.branch_ids ?? [])
    .filter((id) => !seesBranch(req, id))
    .map((id) => problem('outside_scope', { thing: 'branch', id }, 'branch_ids'));
  if (input.region_ids && input.region_ids.length > 0) {
    const regionBranches = await tx
      .select({ region_id: branches.region_id, id: branches.id })
      .from(branches)
      .where(inArray(branches.region_id, input.region_ids));
    const regions = new Set(regionBranches.filter((b) => !seesBranch(req, b.id)).map((b) => b.region_id));
    for (const id of regions) outside.push(problem('region_outside_scope', { id }, 'region_ids'));
  }
  if (outside.length > 0) throw new ApiError('FORBIDDEN', outside);
}

export const staffUserResource = defineResource({
  scope: 'none',
  contract: staffUserContract,
  table: staff_users,
  columns: {
    id: staff_users.id,
    name: staff_users.name,
    email: staff_users.email,
    phone_number: staff_users.phone_number,
    role_group_id: staff_users.role_group_id,
    role_group_name: role_groups.name,
    all_branches: staff_users.all_branches,
    branch_ids: idArray('staff_user_branches', 'branch_id', 'user_id', staff_users.id),
    region_ids: idArray('staff_user_regions', 'region_id', 'user_id', staff_users.id),
    active: staff_users.active,
    last_login_at: staff_users.last_login_at,
    created_at: staff_users.created_at,
    updated_at: staff_users.updated_at,
  },
  joins: (q) => q.leftJoin(role_groups, eq(role_groups.id, staff_users.role_group_id)),
  sort: {
    id: staff_users.id,
    name: staff_users.name,
    email: staff_users.email,
    created_at: staff_users.created_at,
    created_date: staff_users.created_at,
    last_login_at: staff_users.last_login_at,
  },
  search: [staff_users.name, staff_users.email, staff_users.phone_number],
  filters: { role_group_id: staff_users.role_group_id, active: staff_users.active },
  hooks: {
    beforeCreate: async (input, { req, tx }) => {
      await assertGrantableScope(tx, req, input);
      return {
        ...input,
        email: input.email.toLowerCase(),
        password_hash: await hashPassword(input.password),
      };
    },
    afterCreate: (id, input, { tx }) => replaceScope(tx, id, input),
    beforeUpdate: async (id, input, _before, { req, tx }) => {
      await assertGrantableScope(tx, req, input);
      // A new password or role group ends the user's sessions (0015_hardening.sql's trigger); users
      // editing themselves keep the session they edit from, for this transaction only.
      if (id === req.user.id) {
        await tx.execute(sql`select set_config('lbo.keep_session', ${String(req.user.sessionId)}, true)`);
      }
      const values: Record<string, unknown> = { ...input };
      if (input.email) values.email = input.email.toLowerCase();
      if (input.password) values.password_hash = await hashPassword(input.password);
      return values;
    },
    afterUpdate: (id, input, { tx }) => replaceScope(tx, id, input),
    beforeDelete: (id, _before, { req }) => {
      if (id === req.user.id) throw conflict(problem('delete_self'));
    },
  },
});

export const roleResource = defineResource({
  scope: 'none',
  contract: roleContract,
  table: roles,
  columns: {
    id: roles.id,
    id_role: roles.id,
    name: roles.name,
    area: roles.area,
    description: roles.description,
    can_view: roles.can_view,
    can_create: roles.can_create,
    can_update: roles.can_update,
    can_delete: roles.can_delete,
    created_at: roles.created_at,
    updated_at: roles.updated_at,
  },
  sort: {
    id: roles.id,
    id_role: roles.id,
    name: roles.name,
    area: roles.area,
    created_at: roles.created_at,
    created_date: roles.created_at,
  },
  search: [roles.name, roles.area, roles.description],
  filters: { area: roles.area },
});

async function replaceRoles(tx: Tx, groupId: number, roleIds: number[] | undefined) {
  if (!roleIds) return;
  await tx.delete(role_group_roles).where(eq(role_group_roles.role_group_id, groupId));
  const ids = [...new Set(roleIds)];
  if (ids.length > 0)
    await tx.insert(role_group_roles).values(ids.map((role_id) => ({ role_group_id: groupId, role_id })));
}

export const roleGroupResource = defineResource({
  scope: 'none',
  contract: roleGroupContract,
  table: role_groups,
  columns: {
    id: role_groups.id,
    name: role_groups.name,
    description: role_groups.description,
    role_ids: idArray('role_group_roles', 'role_id', 'role_group_id', role_groups.id),
    user_count: sql<number>`(select count(*)::int from staff_users u where u.role_group_id = ${outerColumn(role_groups.id)})`,
    created_at: role_groups.created_at,
    updated_at: role_groups.updated_at,
  },
  sort: {
    id: role_groups.id,
    name: role_groups.name,
    created_at: role_groups.created_at,
    created_date: role_groups.created_at,
  },
  search: [role_groups.name, role_groups.description],
  hooks: {
    afterCreate: (id, input, { tx }) => replaceRoles(tx, id, input.role_ids),
    afterUpdate: (id, input, { tx }) => replaceRoles(tx, id, input.role_ids),
  },
});

export const staffResources = [staffUserResource, roleResource, roleGroupResource];
