// TanStack Query hooks over resource-api: lists, records, dropdown options and the mutations
// (which invalidate the resource's lists, details and dropdowns through the key factory).
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Query } from '../../app/api-client';
import { resourceKeys, selectKeys } from '../../app/query-keys';
import { permissionsOf, useSession } from '../../app/use-session';
import {
  createRecord,
  fetchList,
  fetchRecord,
  fetchSelect,
  removeRecord,
  updateRecord,
} from './resource-api';
import { type AnyResource, type Row, resourceName, type SelectSource } from './types';

/** A resource's list query (key and call): the list screen's, and the router's load ahead of it. */
export function listQueryOptions(resource: AnyResource, query: Query) {
  return queryOptions({
    queryKey: resourceKeys(resourceName(resource)).list(query),
    queryFn: ({ signal }) => fetchList(resource.contract, query, signal),
  });
}

export function useResourceList(resource: AnyResource, query: Query) {
  return useQuery({ ...listQueryOptions(resource, query), placeholderData: keepPreviousData });
}

export function useResourceRecord(resource: AnyResource, id: string | undefined) {
  return useQuery({
    queryKey: resourceKeys(resourceName(resource)).detail(id ?? ''),
    queryFn: ({ signal }) => fetchRecord(resource.contract, id ?? '', signal),
    enabled: id !== undefined,
  });
}

export function useSelectOptions(source: SelectSource | undefined, params?: Query, enabled = true) {
  const allowed = useMaySee(source);
  const q = useQuery({
    queryKey: selectKeys.options(source?.path ?? '', { ...source?.params, ...params }),
    queryFn: ({ signal }) => fetchSelect(source as SelectSource, params, signal),
    enabled: enabled && source !== undefined && allowed,
    staleTime: 5 * 60_000,
  });
  return Object.assign(q, { allowed });
}

/** Whether the user's role may read a source's options (a source without an area: yes). */
export function useMaySee(source: SelectSource | undefined): boolean {
  const session = useSession();
  return !source?.area || permissionsOf(session, source.area).view;
}

function useInvalidate(resource: AnyResource) {
  const qc = useQueryClient();
  return async () => {
    const keys = resourceKeys(resourceName(resource));
    const { select } = resource.contract.paths;
    await Promise.all([
      qc.invalidateQueries({ queryKey: keys.all }),
      select ? qc.invalidateQueries({ queryKey: selectKeys.path(select) }) : Promise.resolve(),
      // Other screens over the same data (resource.invalidates).
      ...(resource.invalidates ?? []).map((name) =>
        qc.invalidateQueries({ queryKey: resourceKeys(name).all }),
      ),
    ]);
  };
}

export function useCreateRecord(resource: AnyResource) {
  const invalidate = useInvalidate(resource);
  return useMutation({
    mutationFn: ({ body, file }: { body: Row; file?: File | null }) =>
      createRecord(resource.contract, body, file),
    onSuccess: invalidate,
  });
}

export function useUpdateRecord(resource: AnyResource) {
  const invalidate = useInvalidate(resource);
  return useMutation({
    mutationFn: ({ id, body, file }: { id: string | number; body: Row; file?: File | null }) =>
      updateRecord(resource.contract, id, body, file),
    onSuccess: invalidate,
  });
}

export function useRemoveRecord(resource: AnyResource) {
  const invalidate = useInvalidate(resource);
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string | number) => removeRecord(resource.contract, id),
    onSuccess: async (_data, id) => {
      qc.removeQueries({ queryKey: resourceKeys(resourceName(resource)).detail(id) });
      await invalidate();
    },
  });
}
