// Organisation area: region groups, regions, region areas, branches, salesman types, salesmen, partners.
import { z } from 'zod';
import { Id, qBool, qInt, ref, Timestamp } from './common';
import { defineContract, updateSchema } from './resource';

const name = (max = 100) => z.string().trim().min(1, { error: 'is required' }).max(max);
const code = () =>
  z
    .string()
    .trim()
    .min(1, { error: 'is required' })
    .max(30)
    .regex(/^[A-Za-z0-9._/-]+$/, { error: 'may only hold letters, digits and . _ / -' });
const phone = () =>
  z
    .string()
    .trim()
    .max(30)
    .regex(/^[0-9+() -]*$/, { error: 'must be a phone number' });

export const RegionGroup = z.object({ id: Id, region_group_id: Id, code: z.string(), name: z.string() });
export const regionGroupContract = defineContract({
  name: 'region_group',
  area: 'region',
  idKey: 'region_group_id',
  paths: { list: '/web/region_group/', select: '/web/region_group/select' },
  record: RegionGroup,
  filters: z.object({}),
  sortKeys: ['id', 'name', 'code'],
  defaultSort: { by: 'name', dir: 'asc' },
  searchFields: ['name', 'code'],
});

export const Region = z.object({
  id: Id,
  region_id: Id,
  code: z.string(),
  name: z.string(),
  region_group_id: Id,
  region_group_name: z.string(),
});
export const regionContract = defineContract({
  name: 'region',
  area: 'region',
  idKey: 'region_id',
  paths: { list: '/web/region/', select: '/web/region/select' },
  record: Region,
  filters: z.object({ region_group_id: qInt() }),
  sortKeys: ['id', 'name', 'code'],
  defaultSort: { by: 'name', dir: 'asc' },
  searchFields: ['name', 'code'],
});

export const RegionArea = z.object({
  id: Id,
  code: z.string(),
  name: z.string(),
  region_id: Id,
  region_name: z.string(),
});
export const regionAreaContract = defineContract({
  name: 'region_area',
  area: 'region',
  idKey: 'id',
  paths: { list: '/web/region_area/', select: '/web/region_area/select' },
  record: RegionArea,
  filters: z.object({ region_id: qInt() }),
  sortKeys: ['id', 'name', 'code'],
  defaultSort: { by: 'name', dir: 'asc' },
  searchFields: ['name', 'code'],
});

export const Branch = z.object({
  id: Id,
  branch_id: Id,
  code: z.string(),
  name: z.string(),
  region_id: Id,
  region_name: z.string(),
  region_group_id: Id,
  region_group_name: z.string(),
  region_area_id: Id.nullable(),
  city: z.string(),
  address: z.string(),
  phone_number: z.string(),
  active: z.boolean(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Branch = z.infer<typeof Branch>;
export const BranchUpdate = updateSchema({
  name: name(),
  region_id: ref('region', Id),
  region_area_id: ref('region_area', Id).nullable(),
  city: z.string().trim().max(100),
  address: z.string().trim().max(300),
  phone_number: phone(),
  active: z.boolean(),
});
export const branchContract = defineContract({
  name: 'branch',
  area: 'branch',
  idKey: 'branch_id',
  paths: {
    list: '/web/branch/',
    select: '/web/branch/select',
    get: '/web/branch/id/:branch_id',
    update: '/web/branch/id/:branch_id',
  },
  record: Branch,
  update: BranchUpdate,
  filters: z.object({ region_id: qInt(), region_group_id: qInt(), active: qBool() }),
  sortKeys: ['id', 'name', 'code', 'city', 'region_name', 'created_at', 'created_date'],
  defaultSort: { by: 'name', dir: 'asc' },
  searchFields: ['name', 'code', 'city'],
});

export const SalesmanType = z.object({ id: Id, code: z.string(), name: z.string() });
export const salesmanTypeContract = defineContract({
  name: 'salesman_type',
  area: 'salesman',
  idKey: 'id',
  paths: { list: '/salesman_type/', select: '/salesman_type/select' },
  record: SalesmanType,
  filters: z.object({}),
  sortKeys: ['id', 'name', 'code'],
  defaultSort: { by: 'name', dir: 'asc' },
  searchFields: ['name', 'code'],
});

export const Salesman = z.object({
  id: Id,
  salesman_id: Id,
  salesman_code: z.string(),
  salesman_name: z.string(),
  branch_id: Id,
  branch_name: z.string(),
  salesman_type_id: Id.nullable(),
  salesman_type_name: z.string().nullable(),
  phone_number: z.string(),
  email: z.string(),
  active: z.boolean(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Salesman = z.infer<typeof Salesman>;
export const SalesmanCreate = z.object({
  salesman_code: ref('self', code(), 'code'),
  salesman_name: name(),
  branch_id: ref('branch', Id),
  salesman_type_id: ref('salesman_type', Id).nullable().optional(),
  phone_number: phone().optional().default(''),
  email: z
    .union([z.email({ error: 'must be a valid e-mail address' }), z.literal('')])
    .optional()
    .default(''),
  active: z.boolean().optional().default(true),
});
export const SalesmanUpdate = updateSchema(SalesmanCreate.shape);
export const salesmanContract = defineContract({
  name: 'salesman',
  area: 'salesman',
  idKey: 'salesman_id',
  paths: {
    list: '/web/salesman/',
    select: '/web/salesman/select',
    get: '/web/salesman/id/:salesman_id',
    create: '/web/salesman',
    update: '/web/salesman/id/:salesman_id',
  },
  record: Salesman,
  create: SalesmanCreate,
  update: SalesmanUpdate,
  filters: z.object({ branch_id: qInt(), salesman_type_id: qInt(), active: qBool() }),
  sortKeys: ['id', 'salesman_name', 'salesman_code', 'branch_name', 'created_at', 'created_date'],
  defaultSort: { by: 'salesman_name', dir: 'asc' },
  searchFields: ['salesman_name', 'salesman_code', 'phone_number'],
});

export const Partner = z.object({
  id: Id,
  partner_id: Id,
  partner_code: z.string(),
  partner_name: z.string(),
  contact_name: z.string(),
  phone_number: z.string(),
  email: z.string(),
  address: z.string(),
  branch_id: Id.nullable(),
  branch_name: z.string().nullable(),
  active: z.boolean(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export const PartnerCreate = z.object({
  partner_code: ref('self', code(), 'code'),
  partner_name: name(),
  contact_name: z.string().trim().max(100).optional().default(''),
  phone_number: phone().optional().default(''),
  email: z
    .union([z.email({ error: 'must be a valid e-mail address' }), z.literal('')])
    .optional()
    .default(''),
  address: z.string().trim().max(300).optional().default(''),
  branch_id: ref('branch', Id).nullable().optional(),
  active: z.boolean().optional().default(true),
});
export const PartnerUpdate = updateSchema(PartnerCreate.shape);
export const partnerContract = defineContract({
  name: 'partner',
  area: 'partner',
  idKey: 'partner_id',
  paths: {
    list: '/web/partner/',
    select: '/web/partner/select',
    get: '/web/partner/id/:partner_id',
    create: '/web/partner',
    update: '/web/partner/id/:partner_id',
  },
  record: Partner,
  create: PartnerCreate,
  update: PartnerUpdate,
  filters: z.object({ branch_id: qInt(), active: qBool() }),
  sortKeys: ['id', 'partner_name', 'partner_code', 'created_at', 'created_date'],
  defaultSort: { by: 'partner_name', dir: 'asc' },
  searchFields: ['partner_name', 'partner_code', 'contact_name', 'phone_number'],
});
