// Toasts for the outcome of every add, update and delete (nothing fails silently). A success
// takes away the error toasts still showing: a red toast about an earlier attempt never stays
// over the buttons after the save went through.
import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';
import { readableError } from '../../app/errors';

const errorToasts = new Set<string>();
let next = 0;

/** Hides every error toast still on screen. */
export function clearErrorToasts() {
  for (const id of errorToasts) notifications.hide(id);
  errorToasts.clear();
}

export function notifySuccess(message: string, title?: string) {
  clearErrorToasts();
  notifications.show({ color: 'teal', title, message, autoClose: 4000 });
}

export function notifyError(error: unknown, t: TFunction, title?: string) {
  const e = readableError(error, t);
  const id = `lbo-error-${++next}`;
  errorToasts.add(id);
  notifications.show({
    id,
    color: 'red',
    title: title ?? e.title,
    message: e.messages.join('\n'),
    autoClose: 8000,
    style: { whiteSpace: 'pre-line' },
    onClose: () => errorToasts.delete(id),
  });
}
