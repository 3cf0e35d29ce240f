// Calls a resource contract's routes: list (paged), select, get, create, update, remove.
import type { PageMeta } from '@lbo/contract/common';
import type { ResourceContract } from '@lbo/contract/resource';
import { api, type Query } from '../../app/api-client';
import type { Row, SelectSource } from './types';

/** `/web/branch/id/:branch_id` + 7 -> `/web/branch/id/7`. */
export function fillPath(path: string, id: string | number): string {
  return path.replace(/:[A-Za-z_]+/, encodeURIComponent(String(id)));
}

/** The array of a list or select answer: under `key`, or `data` itself; null is empty. */
export function rowsOf(data: unknown, key?: string): Row[] {
  const value = key && data && typeof data === 'object' && !Array.isArray(data) ? (data as Row)[key] : data;
  return Array.isArray(value) ? (value as Row[]) : [];
}

export type ListResult = { rows: Row[]; meta: PageMeta };

export async function fetchList(
  contract: ResourceContract,
  query: Query,
  signal?: AbortSignal,
): Promise<ListResult> {
  if (!contract.paths.list) throw new Error(`${contract.name} has no list route`);
  const { data, meta } = await api.get<unknown>(contract.paths.list, query, signal);
  const rows = rowsOf(data, contract.listKey);
  const limit = Number(query.limit) || rows.length || 10;
  return {
    rows,
    meta: meta ?? { page: Number(query.page) || 1, limit, total_data: rows.length, total_page: 1 },
  };
}

export async function fetchSelect(
  source: SelectSource,
  params?: Query,
  signal?: AbortSignal,
): Promise<Row[]> {
  const { data } = await api.get<unknown>(source.path, { ...source.params, ...params }, signal);
  return rowsOf(data, source.listKey);
}

export async function fetchRecord(contract: ResourceContract, id: string | number, signal?: AbortSignal) {
  if (!contract.paths.get) throw new Error(`${contract.name} has no get route`);
  const { data } = await api.get<Row>(fillPath(contract.paths.get, id), undefined, signal);
  return data;
}

/** CONTRACT.md section 6: the body as JSON in `form_data`, the image in the contract's upload field. */
export function multipartBody(contract: ResourceContract, body: Row, file: File): FormData {
  const form = new FormData();
  form.append('form_data', JSON.stringify(body));
  form.append(contract.upload?.field ?? 'photo', file);
  return form;
}

export async function createRecord(contract: ResourceContract, body: Row, file?: File | null) {
  if (!contract.paths.create) throw new Error(`${contract.name} has no create route`);
  const { data } = file
    ? await api.upload<Row>(contract.paths.create, multipartBody(contract, body, file), 'POST')
    : await api.post<Row>(contract.paths.create, body);
  return data;
}

export async function updateRecord(
  contract: ResourceContract,
  id: string | number,
  body: Row,
  file?: File | null,
) {
  if (!contract.paths.update) throw new Error(`${contract.name} has no update route`);
  const path = fillPath(contract.paths.update, id);
  const { data } = file
    ? await api.upload<Row>(path, multipartBody(contract, body, file), 'PUT')
    : await api.put<Row>(path, body);
  return data;
}

export async function removeRecord(contract: ResourceContract, id: string | number) {
  if (!contract.paths.remove) throw new Error(`${contract.name} has no delete route`);
  const { data } = await api.del<{ id: number }>(fillPath(contract.paths.remove, id));
  return data;
}

/** A contract's `/select` route as a dropdown source. */
export function selectSource(
  contract: ResourceContract,
  label: SelectSource['label'],
  extra: Partial<Omit<SelectSource, 'label'>> = {},
): SelectSource {
  if (!contract.paths.select) throw new Error(`${contract.name} has no select route`);
  return {
    path: contract.paths.select,
    listKey: contract.selectKey,
    valueKey: contract.idKey,
    label,
    area: contract.area,
    ...extra,
  };
}
