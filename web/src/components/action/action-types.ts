// The web side of an action (contract/src/action.ts): how a resource's screens show it. A resource
// lists its actions in `ResourceDescription.actions`; record actions appear in each list row and on
// the detail screen, list actions in the bulk-selection bar (`on: 'selection'`) or the list header
// (`on: 'all'`).
import type { AnyAction } from '@lbo/contract/action';
import type { TFunction } from 'i18next';
import type { ComponentType } from 'react';
import type { Query } from '../../app/api-client';

type Row = Record<string, unknown>;

/** What an action acts on: one record (record actions), or the rows checked in the list. */
export type ActionTarget = {
  /** Checked rows (list actions on a selection); `[record]` for a record action. */
  rows: Row[];
  /** Their ids (the contract's idKey). */
  ids: number[];
  /** The record of a record action. */
  record?: Row;
  /** The record's title as the screens show it (record actions). */
  title?: string;
  /** The checked rows' titles (the dialog names the first few). */
  titles?: string[];
};

/** Path parameters, query and body of one call. */
export type ActionCall = { params?: Record<string, unknown>; query?: Query; body?: unknown };

/** What a custom action dialog gets (see ActionDialog, the frame such dialogs render). */
export type ActionDialogProps = ActionTarget & {
  /** The resource's i18n name (`resources.<name>`) of the screen showing it. */
  name?: string;
  onClose(): void;
  /** After a successful call (the queries are already refreshed); clears the selection. */
  onDone(): void;
};

/** Context of the text functions: the resource's i18n name, the target, the preview and the answer. */
export type ActionTextCtx = {
  name: string;
  target: ActionTarget;
  /** The preview's count, when the action has a preview and it has loaded. */
  count?: number;
  result?: unknown;
};

export type ActionDescription = {
  contract: AnyAction;
  /** i18n key under `resources.<name>.actions.<key>` (label, title, message, confirm, done); default the name. */
  key?: string;
  icon?: ComponentType<{ size?: number | string; stroke?: number }>;
  color?: string;
  /** List actions: on the checked rows (`selection`, default) or on the whole list (`all`). */
  on?: 'selection' | 'all';
  /** Record actions: may this record take it (e.g. only rows staff wrote, not void)? */
  available?(row: Row): boolean;
  /**
   * The call for a target. Default: a record action sends its id as the path parameter; a list action
   * sends nothing. Actions with a body supply it here or in their dialog.
   */
  request?(target: ActionTarget): ActionCall;
  /** A dialog that collects input (a body); it renders ActionDialog with the call it built. */
  dialog?: ComponentType<ActionDialogProps>;
  /** Texts instead of the i18n keys (e.g. the ledger's own wording of "void"). */
  texts?: Partial<Record<ActionTextKey, (t: TFunction, ctx: ActionTextCtx) => string>>;
  /** Further resources (names) to refresh beyond the contract's `resource` and `related`. */
  invalidates?: readonly string[];
  /** List actions: the rows stay checked after success (edits applied in several steps). */
  keepSelection?: boolean;
};

export type ActionTextKey = 'label' | 'title' | 'message' | 'confirm' | 'done';
