// Staff area: staff users, roles (a permission area with its actions) and role groups.
import { z } from 'zod';
import { Id, PermissionArea, qBool, qInt, ref, Timestamp } from './common';
import { defineContract, updateSchema } from './resource';

export const StaffUser = z.object({
  id: Id,
  name: z.string(),
  email: z.string(),
  phone_number: z.string(),
  role_group_id: Id.nullable(),
  role_group_name: z.string().nullable(),
  all_branches: z.boolean(),
  branch_ids: z.array(Id),
  region_ids: z.array(Id),
  active: z.boolean(),
  last_login_at: Timestamp.nullable(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type StaffUser = z.infer<typeof StaffUser>;

const staffFields = {
  name: z.string().trim().min(2, { error: 'must be at least 2 characters' }).max(100),
  email: z.email({ error: 'must be a valid e-mail address' }).max(200),
  phone_number: z
    .string()
    .trim()
    .max(30)
    .regex(/^[0-9+() -]*$/, { error: 'must be a phone number' }),
  role_group_id: ref('role_group', Id).nullable(),
  all_branches: z.boolean(),
  branch_ids: z.array(ref('branch', Id)).max(1000),
  region_ids: z.array(ref('region', Id)).max(1000),
  active: z.boolean(),
};
export const StaffUserCreate = z.object({
  ...staffFields,
  password: z.string().min(8, { error: 'must be at least 8 characters' }).max(200),
  phone_number: staffFields.phone_number.optional().default(''),
  all_branches: staffFields.all_branches.optional().default(false),
  branch_ids: staffFields.branch_ids.optional().default([]),
  region_ids: staffFields.region_ids.optional().default([]),
  active: staffFields.active.optional().default(true),
});
export const StaffUserUpdate = updateSchema(StaffUserCreate.shape);
export const staffUserContract = defineContract({
  name: 'staff_user',
  area: 'staff_user',
  idKey: 'id',
  listKey: 'list_role_group',
  paths: {
    list: '/web/_user/',
    select: '/web/_user/select',
    get: '/web/_user/id/:id',
    create: '/web/_user',
    update: '/web/_user/id/:id',
    remove: '/web/_user/id/:id',
  },
  record: StaffUser,
  create: StaffUserCreate,
  update: StaffUserUpdate,
  filters: z.object({ role_group_id: qInt(), active: qBool() }),
  sortKeys: ['id', 'name', 'email', 'created_at', 'created_date', 'last_login_at'],
  defaultSort: { by: 'id', dir: 'desc' },
  searchFields: ['name', 'email', 'phone_number'],
});

export const Role = z.object({
  id: Id,
  id_role: Id,
  name: z.string(),
  area: PermissionArea,
  description: z.string(),
  can_view: z.boolean(),
  can_create: z.boolean(),
  can_update: z.boolean(),
  can_delete: z.boolean(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Role = z.infer<typeof Role>;
const roleFields = {
  name: z.string().trim().min(2, { error: 'must be at least 2 characters' }).max(100),
  area: PermissionArea,
  description: z.string().trim().max(300),
  can_view: z.boolean(),
  can_create: z.boolean(),
  can_update: z.boolean(),
  can_delete: z.boolean(),
};
export const RoleCreate = z.object({
  ...roleFields,
  description: roleFields.description.optional().default(''),
  can_view: roleFields.can_view.optional().default(true),
  can_create: roleFields.can_create.optional().default(false),
  can_update: roleFields.can_update.optional().default(false),
  can_delete: roleFields.can_delete.optional().default(false),
});
/** SPEC.md: the update body repeats id_role; it must match the path. */
export const RoleUpdate = updateSchema({ ...RoleCreate.shape, id_role: ref('self', Id) });
export const roleContract = defineContract({
  name: 'role',
  area: 'role',
  idKey: 'id_role',
  listKey: 'list_role_group',
  paths: {
    list: '/web/user_role/',
    select: '/web/user_role/select',
    get: '/web/user_role/id/:id_role',
    create: '/web/user_role',
    update: '/web/user_role/id/:id_role',
    remove: '/web/user_role/id/:id_role',
  },
  record: Role,
  create: RoleCreate,
  update: RoleUpdate,
  filters: z.object({ area: z.preprocess((v) => (v === '' ? undefined : v), PermissionArea.optional()) }),
  sortKeys: ['id', 'id_role', 'name', 'area', 'created_at', 'created_date'],
  defaultSort: { by: 'id', dir: 'desc' },
  searchFields: ['name', 'area', 'description'],
});

export const RoleGroup = z.object({
  id: Id,
  name: z.string(),
  description: z.string(),
  role_ids: z.array(Id),
  user_count: z.number().int(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type RoleGroup = z.infer<typeof RoleGroup>;
const roleGroupFields = {
  name: z.string().trim().min(2, { error: 'must be at least 2 characters' }).max(100),
  description: z.string().trim().max(300),
  role_ids: z.array(ref('role', Id)).max(500),
};
export const RoleGroupCreate = z.object({
  ...roleGroupFields,
  description: roleGroupFields.description.optional().default(''),
  role_ids: roleGroupFields.role_ids.optional().default([]),
});
export const RoleGroupUpdate = updateSchema(RoleGroupCreate.shape);
export const roleGroupContract = defineContract({
  name: 'role_group',
  area: 'role',
  idKey: 'id',
  listKey: 'list_role_group',
  paths: {
    list: '/web/role_group/',
    select: '/web/role_group/select',
    get: '/web/role_group/id/:id',
    create: '/web/role_group',
    update: '/web/role_group/id/:id',
    remove: '/web/role_group/id/:id',
  },
  record: RoleGroup,
  create: RoleGroupCreate,
  update: RoleGroupUpdate,
  filters: z.object({}),
  sortKeys: ['id', 'name', 'created_at', 'created_date'],
  defaultSort: { by: 'id', dir: 'desc' },
  searchFields: ['name', 'description'],
});
