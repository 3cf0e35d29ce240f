// Toasts for the outcome of every add, update and delete (nothing fails silently).
import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';
import { readableError } from '../../app/errors';

export function notifySuccess(message: string, title?: string) {
  notifications.show({ color: 'teal', title, message, autoClose: 4000 });
}

export function notifyError(error: unknown, t: TFunction, title?: string) {
  const e = readableError(error, t);
  notifications.show({
    color: 'red',
    title: title ?? e.title,
    message: e.messages.join('\n'),
    autoClose: 8000,
    style: { whiteSpace: 'pre-line' },
  });
}
