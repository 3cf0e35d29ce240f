// Dropdown sources several areas share (branches, regions, ...): each reads a contract's /select route.

import { customerContract, customerTypeContract } from '@lbo/contract/customers';
import {
  branchContract,
  regionAreaContract,
  regionContract,
  regionGroupContract,
  salesmanContract,
  salesmanTypeContract,
} from '@lbo/contract/organisation';
import { itemCategoryContract, itemContract } from '@lbo/contract/products';
import { roleContract, roleGroupContract } from '@lbo/contract/staff';
import { selectSource } from '../components/resource/resource-api';
import type { SelectSource } from '../components/resource/types';

const named = (r: Record<string, unknown>) => String(r.name ?? '');
const codeAndName = (r: Record<string, unknown>) => (r.code ? `${r.code} · ${r.name}` : String(r.name ?? ''));

export const branchSource = selectSource(branchContract, codeAndName);
export const regionGroupSource = selectSource(regionGroupContract, named);
export const regionSource = selectSource(regionContract, named, {
  group: (r) => String(r.region_group_name ?? ''),
});
export const regionAreaSource = selectSource(regionAreaContract, named);
export const salesmanTypeSource = selectSource(salesmanTypeContract, named);
export const roleGroupSource = selectSource(roleGroupContract, named);
export const roleSource = selectSource(roleContract, named, {
  group: (r, t) => t(`areas.${String(r.area)}`, { defaultValue: String(r.area) }),
});
export const salesmanSource = selectSource(salesmanContract, (r) =>
  r.salesman_code ? `${r.salesman_code} · ${r.salesman_name}` : String(r.salesman_name ?? ''),
);
export const customerTypeSource = selectSource(customerTypeContract, named);
/** The store tiers (GET /point/tiers, a handful, lowest first). */
export const tierSource: SelectSource = {
  path: '/point/tiers',
  listKey: 'tiers',
  valueKey: 'id',
  label: (r) => String(r.name ?? ''),
};
export const itemCategorySource = selectSource(itemCategoryContract, named);
export const itemSource = selectSource(itemContract, (r) =>
  r.item_code ? `${r.item_code} · ${r.item_name}` : String(r.item_name ?? ''),
);
/**
 * Customers, searched on the server as the user types (thousands of them): the first 20 matches of
 * the customer list (code, name or owner), by name.
 */
export const customerLookupSource: SelectSource = {
  path: customerContract.paths.list!,
  listKey: customerContract.listKey,
  valueKey: customerContract.idKey,
  label: (r) => `${String(r.customer_code)} · ${String(r.customer_name)}`,
  params: { limit: 20, by: 'customer_name', sort: 'asc' },
  searchParam: 'search',
};
