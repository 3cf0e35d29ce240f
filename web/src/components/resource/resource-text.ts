// Texts of the generic screens a resource may word its own way: `resources.<name>.texts.<key>`
// replaces the generic key (e.g. a ledger "voids" instead of "deletes": texts.delete,
// texts.deleteTitle, texts.deleteMessage, texts.deleted; texts.add, texts.edit, texts.createTitle,
// texts.editTitle).
import { useTranslation } from 'react-i18next';

const GENERIC: Record<string, string> = {
  add: 'actions.add',
  edit: 'actions.edit',
  delete: 'actions.delete',
  deleteTitle: 'confirm.deleteTitle',
  deleteMessage: 'confirm.deleteMessage',
  deleted: 'toast.deleted',
  createTitle: 'form.createTitle',
  editTitle: 'form.editTitle',
};
export type ResourceTextKey = keyof typeof GENERIC;

/** `text('delete')` -> the resource's own wording if it has one, else the generic one. */
export function useResourceText(name: string) {
  const { t, i18n } = useTranslation();
  return (key: ResourceTextKey, options?: Record<string, unknown>): string => {
    const own = `resources.${name}.texts.${key}`;
    return i18n.exists(own) ? t(own, options) : t(GENERIC[key], options);
  };
}

/** The resource's notice (shown above its list and form), if it has one. */
export function useResourceNotice(name: string): string | null {
  const { t, i18n } = useTranslation();
  const key = `resources.${name}.notice`;
  return i18n.exists(key) ? t(key) : null;
}
