// The web side of a resource: how its contract (contract/src/*) is shown. One description per
// resource, in features/<area>/<name>.resource.tsx; the list, detail and form screens read it.
import type { PermissionArea } from '@lbo/contract/common';
import type { ResourceContract } from '@lbo/contract/resource';
import type { TFunction } from 'i18next';
import type { ComponentType, ReactNode } from 'react';
import type { z } from 'zod';
import type { Query } from '../../app/api-client';
import type { Session } from '../../app/session';

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

export type ColumnDef<R = Row> = {
  /** Record field (also the i18n key `resources.<name>.fields.<key>`). */
  key: string;
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
  | { kind: 'date' }
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

export type FormField = {
  name: string;
  widget: FieldWidget;
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

export type DetailField = {
  key: string;
  kind?: ValueKind;
  source?: SelectSource;
  render?(row: Row, t: TFunction): ReactNode;
  span?: 1 | 2;
};

/** What a bulk action's dialog gets: the selected rows, and callbacks to close it or report success. */
export type BulkActionProps = {
  rows: Row[];
  /** The selected rows' ids (the contract's idKey). */
  ids: number[];
  onClose(): void;
  /** After a successful call: clears the selection, refreshes the resource's lists. */
  onDone(): void;
};

/** An action on the rows selected in a list (checkboxes appear when a resource has one the user may use). */
export type BulkAction = {
  key: string;
  label(t: TFunction): string;
  icon?: ComponentType<{ size?: number | string; stroke?: number }>;
  color?: string;
  /** Permission needed in the resource's area (default `update`). */
  permission?: 'view' | 'create' | 'update' | 'delete';
  dialog: ComponentType<BulkActionProps>;
};

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
    fields?: DetailField[];
    extra?: ComponentType<{ record: z.infer<C['record']>; data: Row }>;
  };
  /** Shown between the list's header and its table (e.g. a lookup box). */
  listExtra?: ComponentType;
  /** Actions on the rows selected in the list. */
  bulkActions?: BulkAction[];
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
  form?: {
    fields: FormField[];
    defaults?: Row;
    /** Form values from a loaded record (edit); defaults to picking the form fields. */
    fromRecord?(record: z.infer<C['record']>): Row;
    /** Last touch before validation (e.g. repeat the id in the body). */
    toBody?(values: Row, ctx: { mode: FormMode; record?: z.infer<C['record']> }): Row;
  };
};

/** A description with its record type erased, as the registry and the screens hold it. */
export type AnyResource = ResourceDescription<ResourceContract>;

export function defineResource<C extends ResourceContract>(d: ResourceDescription<C>): AnyResource {
  return d as unknown as AnyResource;
}

/** Registry entry: where a resource lives in the menu and the URL, and how to load it. */
export type ResourceEntry = {
  name: string;
  /** URL segment: `/#/<path>`, `/#/<path>/new`, `/#/<path>/:id`, `/#/<path>/:id/edit`. */
  path: string;
  area: PermissionArea;
  group: MenuGroup;
  icon: ComponentType<{ size?: number | string; stroke?: number }>;
  load(): Promise<{ resource: AnyResource }>;
};

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
