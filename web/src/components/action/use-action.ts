// TanStack Query hooks of an action: the call (a mutation that refreshes the lists and details of
// the action's resource and its related resources) and the preview (the count a confirmation names).
import type { AnyAction } from '@lbo/contract/action';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { resourceKeys, selectKeys } from '../../app/query-keys';
import { fetchActionPreview, runAction } from './action-api';
import type { ActionCall } from './action-types';

/** The resource names an action's success refreshes: its resource, the contract's related ones, `extra`. */
export function actionResources(action: AnyAction, extra: readonly string[] = []): string[] {
  return [...new Set([action.resource, ...(action.related ?? []), ...extra])];
}

export function useAction<T = unknown>(action: AnyAction, opts: { invalidates?: readonly string[] } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ call, confirmedCount }: { call: ActionCall; confirmedCount?: number }) =>
      runAction<T>(action, call, confirmedCount),
    onSuccess: async () => {
      await Promise.all([
        ...actionResources(action, opts.invalidates).map((name) =>
          qc.invalidateQueries({ queryKey: resourceKeys(name).all }),
        ),
        // Dropdowns may list what the action changed (names, active flags).
        qc.invalidateQueries({ queryKey: selectKeys.all }),
      ]);
    },
  });
}

/** The preview of an action that has one (else disabled); refetched whenever the dialog opens. */
export function useActionPreview(action: AnyAction, call: ActionCall | null, enabled: boolean) {
  const has = !!action.confirm?.preview;
  return useQuery({
    queryKey: resourceKeys(action.resource).preview(action.method, action.path, call ?? {}),
    queryFn: ({ signal }) => fetchActionPreview(action, call ?? {}, signal),
    enabled: enabled && has && call !== null,
    staleTime: 0,
    gcTime: 0,
  });
}
