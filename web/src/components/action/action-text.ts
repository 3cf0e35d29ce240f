// The texts of an action: the description's own functions, else `resources.<name>.actions.<key>.*`,
// else the generic `action.*` wording.
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ActionDescription, ActionTextCtx, ActionTextKey } from './action-types';

export const actionKey = (a: ActionDescription) => a.key ?? a.contract.name;

/** A number in the answer worth telling (`updated`, `deleted`, ...), if there is one. */
export function resultCount(result: unknown): number | undefined {
  if (!result || typeof result !== 'object') return undefined;
  for (const k of ['count', 'updated', 'deleted', 'inserted', 'added', 'sent']) {
    const v = (result as Record<string, unknown>)[k];
    if (typeof v === 'number') return v;
  }
  return undefined;
}

function generic(key: ActionTextKey, t: TFunction, label: string, ctx: ActionTextCtx): string {
  const { target } = ctx;
  switch (key) {
    case 'title':
      return t('action.title', { label });
    case 'message':
      if (target.record) return t('action.recordMessage', { name: target.title ?? '' });
      return target.ids.length > 0 ? t('action.selectionMessage', { count: target.ids.length }) : '';
    case 'confirm':
      return label;
    case 'done': {
      const count = resultCount(ctx.result);
      return count === undefined ? t('action.done', { label }) : t('action.doneCount', { label, count });
    }
    default:
      return label;
  }
}

export function useActionText(action: ActionDescription, name: string) {
  const { t, i18n } = useTranslation();
  const base = `resources.${name}.actions.${actionKey(action)}`;
  const text = (key: ActionTextKey, ctx: ActionTextCtx): string => {
    const own = action.texts?.[key];
    if (own) return own(t, ctx);
    const vars = {
      name: ctx.target.title ?? '',
      count: ctx.count ?? resultCount(ctx.result) ?? ctx.target.ids.length,
    };
    if (i18n.exists(`${base}.${key}`)) return t(`${base}.${key}`, vars);
    const label = key === 'label' ? action.contract.name : text('label', ctx);
    return key === 'label' ? label : generic(key, t, label, ctx);
  };
  return text;
}
