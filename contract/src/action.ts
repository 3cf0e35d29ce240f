// Actions: workflow calls beside a resource that are not its create/update/delete (revert a coupon
// redemption, execute a broadcast, delete all lottery coupons, the customers' bulk edits, voiding a
// point movement). Declared once here; the server registrar (server/src/resources/actions.ts) makes
// the route, its checks and its OpenAPI entry from it, and the web (components/action) its button,
// confirm dialog and typed call.
import { z } from 'zod';
import type { Action, PermissionArea } from './common';

export type ActionMethod = 'POST' | 'PUT' | 'DELETE';

/**
 * `record`: acts on one record whose id is a path parameter (`/coupon_redeem/revert/:id`): shown in a
 * list row's actions and on the detail screen. `list`: acts on the selected rows (ids in the body) or
 * on the whole list: shown in the list header or the bulk-selection bar.
 */
export type ActionPlacement = 'record' | 'list';

/** Query parameter a client echoes with the count its confirmation named (see `confirm.echoCount`). */
export const CONFIRM_COUNT = 'confirm_count';

/** The least a preview answers: how many rows the action would change now. */
export const ActionPreview = z.object({
  count: z.number().int().min(0),
});
export type ActionPreview = z.infer<typeof ActionPreview>;

export type ActionConfirm<V extends z.ZodObject = z.ZodObject> = {
  /**
   * The server answers `GET <path>/preview` (same params and query, no body) with this: `{count, ...}`,
   * so the confirm dialog can say "this will change N rows". Extend ActionPreview for more detail.
   */
  preview?: V;
  /**
   * The client must send `confirm_count` (the count its dialog showed); when the current count differs
   * the call is refused with 409 and nothing is changed. Needs `preview`.
   */
  echoCount?: boolean;
  /** Styling of the confirm button: `danger` (red) or `default`. Default: danger for DELETE. */
  tone?: 'danger' | 'default';
};

export type ActionContract<
  P extends z.ZodObject = z.ZodObject,
  Q extends z.ZodObject | undefined = z.ZodObject | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
  V extends z.ZodObject = z.ZodObject,
> = {
  /** Unique within its resource (`void`, `bulk_class_mekar`, `revert`); also the audit row's action. */
  name: string;
  /** The resource it sits beside (contract name, e.g. `customer`): OpenAPI tag's neighbour, audit entity. */
  resource: string;
  /** Other resources whose data it changes (the web refreshes their lists too). */
  related?: readonly string[];
  method: ActionMethod;
  /** Fastify-style path under /v1/api, as SPEC.md names it: `/coupon_redeem/revert/:id`. */
  path: string;
  placement: ActionPlacement;
  /** `record`: the path parameter holding the record's id (default: the path's first parameter). */
  idParam?: string;
  /** Path parameters; for a record action without one declared: `{<idParam>: positive id}`. */
  params: P;
  query?: Q;
  body?: B;
  /** The answer's `data`. */
  result: R;
  /** Permission: the role must grant `area` this `action`. */
  area: PermissionArea;
  action: Action;
  /** Absent: no confirmation (the web may still show a dialog to collect the body). */
  confirm?: ActionConfirm<V>;
  /** One line for OpenAPI; `description` says the rules (all-or-nothing, 409s, ...). */
  summary: string;
  description?: string;
  /** Success status (default 200; 201 when the action creates records). */
  status?: 200 | 201;
};

/** An action with its schema types erased, as registries and screens hold it. */
export type AnyAction = ActionContract<
  z.ZodObject,
  z.ZodObject | undefined,
  z.ZodType | undefined,
  z.ZodType,
  z.ZodObject
>;

type ActionInput<
  P extends z.ZodObject | undefined,
  Q extends z.ZodObject | undefined,
  B extends z.ZodType | undefined,
  R extends z.ZodType,
  V extends z.ZodObject,
> = Omit<ActionContract<z.ZodObject, Q, B, R, V>, 'params'> & { params?: P };

const PARAM = /:([A-Za-z_][A-Za-z0-9_]*)/g;

/** The names of a path's parameters, in order (`/a/:x/b/:y` gives `['x', 'y']`). */
export function pathParams(path: string): string[] {
  return [...path.matchAll(PARAM)].map((m) => m[1]);
}

const positiveId = () =>
  z.coerce
    .number({ error: 'must be a positive id' })
    .int({ error: 'must be a positive id' })
    .positive({ error: 'must be a positive id' });

/** Declares an action; fills in the id parameter of a record action and checks the declaration. */
export function defineAction<
  R extends z.ZodType,
  P extends z.ZodObject | undefined = undefined,
  Q extends z.ZodObject | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  V extends z.ZodObject = typeof ActionPreview,
>(
  a: ActionInput<P, Q, B, R, V>,
): ActionContract<P extends z.ZodObject ? P : z.ZodObject<Record<string, z.ZodCoercedNumber>>, Q, B, R, V> {
  const names = pathParams(a.path);
  const where = `action ${a.resource}.${a.name}`;
  let params: z.ZodObject | undefined = a.params;
  let idParam = a.idParam;
  if (a.placement === 'record') {
    idParam ??= names[0];
    if (!idParam || !names.includes(idParam)) {
      throw new Error(`${where}: a record action needs its id as a path parameter (${a.path})`);
    }
    params ??= z.object({ [idParam]: positiveId() });
  }
  params ??= z.object(Object.fromEntries(names.map((n) => [n, z.string().min(1)])));
  const declared = Object.keys(params.shape);
  const missing = names.filter((n) => !declared.includes(n));
  if (missing.length > 0) throw new Error(`${where}: no schema for path parameter(s) ${missing.join(', ')}`);
  if (a.confirm?.echoCount && !a.confirm.preview) {
    throw new Error(`${where}: confirm.echoCount needs confirm.preview (the server counts with it)`);
  }
  if (a.confirm?.preview && !('count' in a.confirm.preview.shape)) {
    throw new Error(`${where}: confirm.preview must answer a count (extend ActionPreview)`);
  }
  if (a.query && CONFIRM_COUNT in a.query.shape) {
    throw new Error(`${where}: ${CONFIRM_COUNT} is added by confirm.echoCount; do not declare it`);
  }
  if (a.method === 'DELETE' && a.body) throw new Error(`${where}: a DELETE action takes no body`);
  return { ...a, idParam, params } as never;
}

/** The query an action takes: its declared query plus `confirm_count` when it must be echoed. */
export function actionQuery(a: AnyAction): z.ZodObject | undefined {
  if (!a.confirm?.echoCount) return a.query;
  const count = z.coerce
    .number({ error: 'must be the number of rows the confirmation named' })
    .int({ error: 'must be a whole number' })
    .min(0, { error: 'must be 0 or more' });
  return (a.query ?? z.object({})).extend({ [CONFIRM_COUNT]: count });
}

/** `GET` path of an action's preview: `<path>/preview`. */
export function previewPath(a: Pick<AnyAction, 'path'>): string {
  return `${a.path.replace(/\/+$/, '')}/preview`;
}

/** The action's path with its parameters filled in (values URI-encoded). */
export function actionUrl(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(PARAM, (_m, name: string) => {
    const v = params[name];
    if (v === undefined || v === null || v === '')
      throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(v));
  });
}

/** What a client sends: path parameters, query and body, typed from the declaration. */
export type ActionRequest<A> =
  A extends ActionContract<infer P, infer Q, infer B, z.ZodType, z.ZodObject>
    ? { params: z.input<P> } & (Q extends z.ZodObject ? { query?: z.input<Q> } : { query?: undefined }) &
        (B extends z.ZodType ? { body: z.input<B> } : { body?: undefined })
    : never;
/** The answer's `data`. */
export type ActionResult<A> =
  A extends ActionContract<z.ZodObject, z.ZodObject | undefined, z.ZodType | undefined, infer R, z.ZodObject>
    ? z.output<R>
    : never;
/** The preview's answer. */
export type ActionPreviewOf<A> =
  A extends ActionContract<z.ZodObject, z.ZodObject | undefined, z.ZodType | undefined, z.ZodType, infer V>
    ? z.output<V>
    : never;
