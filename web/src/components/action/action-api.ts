// Calls an action and its preview through the API client: fills the path parameters, adds the
// echoed count, and answers the envelope's data.
import {
  type AnyAction,
  actionUrl,
  CONFIRM_COUNT,
  type ActionPreview as PreviewAnswer,
  previewPath,
} from '@lbo/contract/action';
import { request } from '../../app/api-client';
import type { ActionCall } from './action-types';

/** Runs the action; `confirmedCount` is sent as `confirm_count` when the action wants it echoed. */
export async function runAction<T = unknown>(
  action: AnyAction,
  call: ActionCall,
  confirmedCount?: number,
): Promise<T> {
  const query = { ...call.query };
  if (action.confirm?.echoCount) query[CONFIRM_COUNT] = confirmedCount;
  const { data } = await request<T>(action.method, actionUrl(action.path, call.params), {
    query,
    body: action.method === 'DELETE' ? undefined : (call.body ?? {}),
  });
  return data;
}

/** What the action would change now (`GET <path>/preview`). */
export async function fetchActionPreview(
  action: AnyAction,
  call: ActionCall,
  signal?: AbortSignal,
): Promise<PreviewAnswer & Record<string, unknown>> {
  const { data } = await request<PreviewAnswer & Record<string, unknown>>(
    'GET',
    actionUrl(previewPath(action), call.params),
    { query: call.query, signal },
  );
  return data;
}
