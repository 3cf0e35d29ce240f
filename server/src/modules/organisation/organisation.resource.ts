// Organisation area: region groups, regions, region areas, branches, salesman types, salesmen, partners.
import {
  branchContract,
  partnerContract,
  regionAreaContract,
  regionContract,
  regionGroupContract,
  salesmanContract,
  salesmanTypeContract,
} from '@lbo/contract/organisation';
import { eq } from 'drizzle-orm';
import {
  branches,
  partners,
  region_areas,
  region_groups,
  regions,
  salesman_types,
  salesmen,
} from '../../db/schema/organisation';
import { defineResource } from '../../resources/define';

export const regionGroupResource = defineResource({
  scope: 'none',
  contract: regionGroupContract,
  table: region_groups,
  columns: { id: region_groups.id, code: region_groups.code, name: region_groups.name },
  sort: {
    id: region_groups.id,
    name: region_groups.name,
    code: region_groups.code,
  },
  search: [region_groups.name, region_groups.code],
});

export const regionResource = defineResource({
  scope: 'none',
  contract: regionContract,
  table: regions,
  columns: {
    id: regions.id,
    code: regions.code,
    name: regions.name,
    region_group_id: regions.region_group_id,
    region_group_name: region_groups.name,
  },
  joins: (q) => q.innerJoin(region_groups, eq(region_groups.id, regions.region_group_id)),
  sort: {
    id: regions.id,
    name: regions.name,
    code: regions.code,
  },
  search: [regions.name, regions.code],
  filters: { region_group_id: regions.region_group_id },
});

export const regionAreaResource = defineResource({
  scope: 'none',
  contract: regionAreaContract,
  table: region_areas,
  columns: {
    id: region_areas.id,
    code: region_areas.code,
    name: region_areas.name,
    region_id: region_areas.region_id,
    region_name: regions.name,
  },
  joins: (q) => q.innerJoin(regions, eq(regions.id, region_areas.region_id)),
  sort: {
    id: region_areas.id,
    name: region_areas.name,
    code: region_areas.code,
  },
  search: [region_areas.name, region_areas.code],
  filters: { region_id: region_areas.region_id },
});

export const branchResource = defineResource({
  contract: branchContract,
  table: branches,
  columns: {
    id: branches.id,
    code: branches.code,
    name: branches.name,
    region_id: branches.region_id,
    region_name: regions.name,
    region_group_id: regions.region_group_id,
    region_group_name: region_groups.name,
    region_area_id: branches.region_area_id,
    city: branches.city,
    address: branches.address,
    phone_number: branches.phone_number,
    active: branches.active,
    created_at: branches.created_at,
    updated_at: branches.updated_at,
  },
  joins: (q) =>
    q
      .innerJoin(regions, eq(regions.id, branches.region_id))
      .innerJoin(region_groups, eq(region_groups.id, regions.region_group_id)),
  sort: {
    id: branches.id,
    name: branches.name,
    code: branches.code,
    city: branches.city,
    region_name: regions.name,
    created_at: branches.created_at,
    created_date: branches.created_at,
  },
  search: [branches.name, branches.code, branches.city],
  filters: {
    region_id: branches.region_id,
    region_group_id: regions.region_group_id,
    active: branches.active,
  },
  scope: { branchColumn: branches.id },
});

export const salesmanTypeResource = defineResource({
  scope: 'none',
  contract: salesmanTypeContract,
  table: salesman_types,
  columns: { id: salesman_types.id, code: salesman_types.code, name: salesman_types.name },
  sort: {
    id: salesman_types.id,
    name: salesman_types.name,
    code: salesman_types.code,
  },
  search: [salesman_types.name, salesman_types.code],
});

export const salesmanResource = defineResource({
  contract: salesmanContract,
  table: salesmen,
  columns: {
    id: salesmen.id,
    salesman_code: salesmen.salesman_code,
    salesman_name: salesmen.salesman_name,
    branch_id: salesmen.branch_id,
    branch_name: branches.name,
    salesman_type_id: salesmen.salesman_type_id,
    salesman_type_name: salesman_types.name,
    phone_number: salesmen.phone_number,
    email: salesmen.email,
    active: salesmen.active,
    created_at: salesmen.created_at,
    updated_at: salesmen.updated_at,
  },
  joins: (q) =>
    q
      .innerJoin(branches, eq(branches.id, salesmen.branch_id))
      .leftJoin(salesman_types, eq(salesman_types.id, salesmen.salesman_type_id)),
  sort: {
    id: salesmen.id,
    salesman_name: salesmen.salesman_name,
    salesman_code: salesmen.salesman_code,
    branch_name: branches.name,
    created_at: salesmen.created_at,
    created_date: salesmen.created_at,
  },
  search: [salesmen.salesman_name, salesmen.salesman_code, salesmen.phone_number],
  filters: {
    branch_id: salesmen.branch_id,
    salesman_type_id: salesmen.salesman_type_id,
    active: salesmen.active,
  },
  scope: { branchColumn: salesmen.branch_id },
  code: salesmen.salesman_code,
});

export const partnerResource = defineResource({
  contract: partnerContract,
  table: partners,
  columns: {
    id: partners.id,
    partner_code: partners.partner_code,
    partner_name: partners.partner_name,
    contact_name: partners.contact_name,
    phone_number: partners.phone_number,
    email: partners.email,
    address: partners.address,
    branch_id: partners.branch_id,
    branch_name: branches.name,
    active: partners.active,
    created_at: partners.created_at,
    updated_at: partners.updated_at,
  },
  joins: (q) => q.leftJoin(branches, eq(branches.id, partners.branch_id)),
  sort: {
    id: partners.id,
    partner_name: partners.partner_name,
    partner_code: partners.partner_code,
    created_at: partners.created_at,
    created_date: partners.created_at,
  },
  search: [partners.partner_name, partners.partner_code, partners.contact_name, partners.phone_number],
  filters: { branch_id: partners.branch_id, active: partners.active },
  scope: { branchColumn: partners.branch_id, nullVisible: true },
  code: partners.partner_code,
});

export const organisationResources = [
  regionGroupResource,
  regionResource,
  regionAreaResource,
  branchResource,
  salesmanTypeResource,
  salesmanResource,
  partnerResource,
];
