// The web side of a resource: how its contract (contract/src/*) is shown. One description per
// resource, in features/<area>/<name>.resource.tsx; the list, detail and form screens read it.
import type { Action, PermissionArea } from '@lbo/contract/common';
import type { ResourceContract } from '@lbo/contract/resource';
import type { TFunction } from 'i18next';
import type { ComponentType, ReactNode } from 'react';
import type { z } from 'zod';
import type { Query } from '../../app/api-client';
import type { Session } from '../../app/session';
import type { ActionDescription } from '../action/action-types';

export type Row = Record<string, unknown>;

/** Options for a dropdown, read from a `/select` route. */
export type SelectSource = {
  path: string;
  /** Key holding the array in the answer; absent: `data` is the array. */
  listKey?: string;
  /** Field giving the option's value (an id). */
  valueKey: string;
  label(row: Row, t: TFunction): string;
  /** Optional group heading for an option. */
  group?(row: Row, t: TFunction): string;
  params?: Query;
  /**
   * For tables too big for one dropdown (customers): the options are asked for as the user types,
   * sending the typed text in this parameter (with `params`, e.g. a small `limit`).
   */
  searchParam?: string;
  /**
   * The permission area of the route (set by `selectSource` from the contract): a user whose role
   * may not view it gets no options and no error, and a filter over it is left out.
   */
  area?: PermissionArea;
};

export type ValueKind =
  | 'text'
  | 'number'
  | 'money'
  | 'boolean'
  | 'active'
  | 'date'
  | 'datetime'
  | 'image'
  | 'ids'
  | 'area';

/**
 * A list column. `key` is a field of the contract's record (z.infer of its schema), so a field renamed
 * in the contract breaks the build here; it is also the i18n key `resources.<name>.fields.<key>`. A
 * column computed from several fields (flags, a status) is marked `computed` and draws itself.
 */
export type ColumnDef<R = Row> = ColumnOptions<R> &
  (
    | { key: keyof R & string; computed?: never }
    | { key: string; computed: true; render(row: R, t: TFunction): ReactNode }
  );

type ColumnOptions<R> = {
  kind?: ValueKind;
  /** `by` value sent when sorting by this column; must be one of the contract's sortKeys. */
  sortKey?: string;
  render?(row: R, t: TFunction): ReactNode;
  /** Plain value for CSV/XLSX; defaults to the formatted field. */
  exportValue?(row: R, t: TFunction): string | number | boolean | null;
  width?: number | string;
  /** Cell alignment (figures read best right-aligned). */
  align?: 'left' | 'center' | 'right';
  /** Keep on one line (codes, phone numbers, dates). */
  noWrap?: boolean;
  /** Hidden below this breakpoint (tablet portrait hides `lg`). */
  visibleFrom?: 'sm' | 'md' | 'lg' | 'xl';
  /** Leave out of exports. */
  noExport?: boolean;
  /** Only in exports, not on screen (e.g. a code the screen shows inside another column). */
  exportOnly?: boolean;
  /** Option labels for `ids` columns. */
  source?: SelectSource;
};

/** `more`: tucked behind a "more filters" toggle (opened by itself while one of them is set). */
export type FilterDef = (
  | { kind: 'select'; key: string; source: SelectSource }
  /** Typed value, applied on Enter or when the box loses focus (e.g. an exact phone number). */
  | { kind: 'text'; key: string; inputMode?: 'text' | 'tel' | 'numeric' }
  | {
      kind: 'enum';
      key: string;
      options: readonly string[];
      optionLabel?(value: string, t: TFunction): string;
    }
  | { kind: 'boolean'; key: string; labels?: 'active' | 'yesno' }
  | {
      kind: 'dateRange';
      key: string;
      from: string;
      to: string;
      /** Placeholder while no range is chosen, when the server then applies its own (e.g. "this month"). */
      emptyLabel?(t: TFunction): string;
    }
) & { more?: boolean };

export type FormMode = 'create' | 'edit';

export type CustomFieldProps = {
  name: string;
  label: string;
  value: unknown;
  onChange(value: unknown): void;
  error?: string;
  disabled?: boolean;
  mode: FormMode;
};

export type FieldWidget =
  | { kind: 'text' | 'email' | 'password' | 'textarea' | 'phone' }
  | { kind: 'number'; min?: number; max?: number; decimals?: number }
  | { kind: 'switch' }
  /** `typed`: a text box that takes a typed date (DD/MM/YYYY) beside the calendar. */
  | { kind: 'date'; typed?: boolean }
  | {
      kind: 'select';
      source: SelectSource;
      dependsOn?: { field: string; param: string };
      /** Label of the current value before any option is loaded (a searched source, see `searchParam`). */
      currentLabel?(values: Row): string | undefined;
    }
  | { kind: 'multiselect'; source: SelectSource }
  | { kind: 'enum'; options: readonly string[]; optionLabel?(value: string, t: TFunction): string }
  | { kind: 'checklist'; source: SelectSource; describe?(row: Row, t: TFunction): ReactNode }
  /**
   * With `uploadPath` the image is uploaded at once and the field holds its URL. Without it the
   * picked file stays in the form and the save is sent as multipart (`form_data` JSON plus the file
   * in the contract's `upload.field`); the field then only shows the record's current image.
   */
  | { kind: 'image'; uploadPath?: string; fileField?: 'photo' | 'image' }
  | { kind: 'custom'; render(props: CustomFieldProps): ReactNode };

/**
 * A form field. In a resource's form `name` is a field of the contract's create or update body, so a
 * field renamed in the contract breaks the build here. An image field without `uploadPath` only shows
 * the record's current picture (the file goes in the contract's `upload.field`), so it names a field
 * of the record (`RK`).
 */
export type FormField<K extends string = string, RK extends string = K> = FieldOptions &
  (
    | { name: K; widget: FieldWidget }
    | { name: RK; widget: { kind: 'image'; uploadPath?: never; fileField?: 'photo' | 'image' } }
  );

type FieldOptions = {
  /** 2 = the full width of the form grid. */
  span?: 1 | 2;
  /** Modes the field appears in (default both). */
  modes?: FormMode[];
  /** Shows the required mark; defaults to what the schema says. */
  required?: boolean;
  hidden?(values: Row, mode: FormMode): boolean;
  disabled?(values: Row, mode: FormMode): boolean;
  /** How an empty value is sent: left out (`omit`) or as null (`null`). */
  emptyAs?: 'omit' | 'null';
};

/** A field of the detail screen: like a column, a record field unless `computed`. */
export type DetailField<R = Row> = {
  kind?: ValueKind;
  source?: SelectSource;
  render?(row: Row, t: TFunction): ReactNode;
  span?: 1 | 2;
} & (
  | { key: keyof R & string; computed?: never }
  | { key: string; computed: true; render(row: Row, t: TFunction): ReactNode }
);

/** The fields a resource's form may name: those of its contract's create and update bodies. */
type BodyKey<C extends ResourceContract> =
  | (NonNullable<C['create']> extends z.ZodType ? keyof z.input<NonNullable<C['create']>> & string : never)
  | (NonNullable<C['update']> extends z.ZodType ? keyof z.input<NonNullable<C['update']>> & string : never);

/** A form field of a resource on contract `C` (see FormField). */
export type FormFieldOf<C extends ResourceContract> = FormField<
  BodyKey<C>,
  keyof z.infer<C['record']> & string
>;

export type ResourceDescription<C extends ResourceContract = ResourceContract> = {
  contract: C;
  /** i18n namespace `resources.<name>`; defaults to the contract's name. */
  name?: string;
  /** Record title (crumbs, headings, delete confirmation). */
  title(row: z.infer<C['record']>): string;
  columns: ColumnDef<z.infer<C['record']>>[];
  filters?: FilterDef[];
  /** Extra list/select parameters (SPEC.md's user_id / admin_user_id). */
  listParams?(session: Session): Query;
  /**
   * The record inside the get answer, when the contract's `detail` wraps it (`{customer, ...}`);
   * the detail and edit screens read the record through it. Default: the answer is the record.
   */
  recordOf?(data: Row): z.infer<C['record']>;
  /** `extra` is shown under the fields; `data` is the whole get answer (lines, targets, ...). */
  detail?: {
    fields?: DetailField<z.infer<C['record']>>[];
    extra?: ComponentType<{ record: z.infer<C['record']>; data: Row }>;
  };
  /** Shown between the list's header and its table (e.g. a lookup box). */
  listExtra?: ComponentType;
  /**
   * Workflow calls beside the resource (components/action): record actions show in each list row
   * and on the detail screen, list actions in the bulk-selection bar or the list header.
   */
  actions?: ActionDescription[];
  /** Per record, beyond the role: may this one be edited / deleted (e.g. only rows staff wrote)? */
  canEdit?(row: z.infer<C['record']>): boolean;
  canDelete?(row: z.infer<C['record']>): boolean;
  /** Other resources (names) showing the same data: their lists are refreshed after a change here too. */
  invalidates?: readonly string[];
  /**
   * Screens replacing the generic ones (a workflow instead of the create form, ...); they read the
   * resource through useResourceScope. Texts the generic screens use can be replaced per resource
   * through i18n keys `resources.<name>.texts.<key>` (see resource-text.ts), and
   * `resources.<name>.notice`, when present, is shown above the list and the form.
   */
  screens?: { list?: ComponentType; create?: ComponentType; detail?: ComponentType; edit?: ComponentType };
  /**
   * Filters the list starts with (URL parameter -> value, e.g. `{ active: 'true' }`). They show in the
   * filter bar and can be removed; a removed one is kept as an empty parameter in the URL so that
   * reload and Back do not bring it back.
   */
  filterDefaults?: Record<string, string>;
  /** Child records edited in place on the detail screen (lines of a promo, old prices of a product). */
  children?: ChildDescription[];
  form?: {
    fields: FormFieldOf<C>[];
    defaults?: Row;
    /** Form values from a loaded record (edit); defaults to picking the form fields. */
    fromRecord?(record: z.infer<C['record']>): Row;
    /** Last touch before validation (e.g. repeat the id in the body). */
    toBody?(values: Row, ctx: { mode: FormMode; record?: z.infer<C['record']> }): Row;
    /**
     * Shown beside the form (under it on narrow screens), following what is typed: `record` is the
     * form's values over the loaded record (e.g. a phone preview of a news item).
     */
    aside?: ComponentType<{ record: Row }>;
  };
};

/**
 * Records belonging to a parent record, listed and edited in place on the parent's detail screen.
 * Declared like a resource: the child's contract (its list or select route must filter by
 * `parentKey`; create/update/remove when it has them), its columns and form fields. The parent's id
 * is sent as `parentKey` in the list query and in every create body. A child may have children of
 * its own (promo -> promo lines -> item lines), shown under each of its rows.
 */
export type ChildDescription<C extends ResourceContract = ResourceContract> = {
  contract: C;
  /** i18n namespace `resources.<name>` (title, one, fields); defaults to the contract's name. */
  name?: string;
  /** The child's field (and list filter) holding the parent's id, e.g. `item_id`. */
  parentKey: string;
  /** The parent record's field giving that id; default the parent contract's idKey. */
  parentIdFrom?: string;
  title(row: z.infer<C['record']>): string;
  columns: ColumnDef<z.infer<C['record']>>[];
  /** Extra list parameters (a sort: `{ by: 'effective_date', sort: 'desc' }`). */
  params?: Query;
  /** Without create/update paths (or a form) the children are read-only. */
  form?: {
    fields: FormFieldOf<C>[];
    defaults?: Row;
    fromRecord?(record: z.infer<C['record']>): Row;
    toBody?(values: Row, ctx: { mode: FormMode; record?: z.infer<C['record']> }): Row;
  };
  canEdit?(row: z.infer<C['record']>): boolean;
  canDelete?(row: z.infer<C['record']>): boolean;
  /** URL segment of the child's own list screen: a "see all" link filtered by the parent. */
  listPath?: string;
  /** Resources (names) whose lists change with the children (refreshed after a change here). */
  invalidates?: readonly string[];
  /** 1 = half the detail width on large screens (two small child lists side by side); default 2. */
  span?: 1 | 2;
  children?: ChildDescription[];
};

export function defineChild<C extends ResourceContract>(d: ChildDescription<C>): ChildDescription {
  return d as unknown as ChildDescription;
}

export const childName = (c: ChildDescription) => c.name ?? c.contract.name;

/** A description with its record type erased, as the registry and the screens hold it. */
export type AnyResource = ResourceDescription<ResourceContract>;

export function defineResource<C extends ResourceContract>(d: ResourceDescription<C>): AnyResource {
  return d as unknown as AnyResource;
}

/** Registry entry: where a resource lives in the menu and the URL, and how to load it. */
export type ResourceEntry = {
  kind?: 'resource';
  name: string;
  /** URL segment: `/#/<path>`, `/#/<path>/new`, `/#/<path>/:id`, `/#/<path>/:id/edit`. */
  path: string;
  area: PermissionArea;
  group: MenuGroup;
  icon: ComponentType<{ size?: number | string; stroke?: number }>;
  load(): Promise<{ resource: AnyResource }>;
};

/**
 * Registry entry of a screen that is not a resource (a dashboard, a report with charts, a workflow
 * such as the point injection): menu group, permission, URL and lazy load like a resource, the
 * screen itself written freely. Labels: `pages.<name>.title` and `pages.<name>.summary`.
 */
export type PageEntry = {
  kind: 'page';
  name: string;
  /** URL: `/#/<path>`; the page may have routes of its own below it. */
  path: string;
  area: PermissionArea;
  /** Permission needed in the area (default `view`): without it the menu leaves the page out. */
  action?: Action;
  group: MenuGroup;
  icon: ComponentType<{ size?: number | string; stroke?: number }>;
  /**
   * The resource (registry name) a workflow belongs to: the crumbs run through its list, and the page
   * is shown inside that resource's scope (useResourceScope gives the parent resource and entry).
   */
  parent?: string;
  /** Reached only from another screen (a button), not listed in the menu or on the home page. */
  hideInMenu?: boolean;
  load(): Promise<{ page: ComponentType }>;
};

/** Everything the registry holds: resource screens and free pages. */
export type ScreenEntry = ResourceEntry | PageEntry;

export const isPageEntry = (e: ScreenEntry): e is PageEntry => e.kind === 'page';
export const isResourceEntry = (e: ScreenEntry): e is ResourceEntry => e.kind !== 'page';
/** The permission a screen needs to be shown (and listed in the menu). */
export const entryAction = (e: ScreenEntry): Action => (isPageEntry(e) ? (e.action ?? 'view') : 'view');
/** i18n key of a screen's title or summary (menu, home, crumbs). */
export const entryText = (e: ScreenEntry, key: 'title' | 'summary') =>
  `${isPageEntry(e) ? 'pages' : 'resources'}.${e.name}.${key}`;

export const MENU_GROUPS = [
  'dashboards',
  'master_data',
  'loyalty',
  'promotions',
  'targets',
  'orders',
  'uploads',
  'reports',
  'staff',
] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];

export const resourceName = (r: AnyResource) => r.name ?? r.contract.name;
