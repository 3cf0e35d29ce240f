// Feedback after saving: a red toast about an earlier attempt does not stay over the
// buttons once the save went through.
import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../app/api-client';
import { notifyError, notifySuccess } from './notify';

const t = ((key: string) => key) as unknown as TFunction;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('toasts after saving', () => {
  it('should take away the error toasts still showing when a save succeeds', () => {
    const show = vi.spyOn(notifications, 'show').mockImplementation(() => '');
    const hide = vi.spyOn(notifications, 'hide').mockImplementation(() => '');
    notifyError(new ApiError(409, 'CONFLICT', ['taken'], []), t);
    notifyError(new ApiError(500, 'INTERNAL', ['boom'], []), t);
    const ids = show.mock.calls.map(([n]) => n.id);
    expect(ids).toHaveLength(2);
    expect(show.mock.calls.every(([n]) => n.color === 'red')).toBe(true);
    expect(hide).not.toHaveBeenCalled();
    notifySuccess('Disimpan');
    expect(hide.mock.calls.map(([id]) => id).sort()).toEqual([...ids].sort());
    expect(show.mock.calls.at(-1)?.[0]).toMatchObject({ color: 'teal', message: 'Disimpan' });
    // Already gone: a second success hides nothing more.
    hide.mockClear();
    notifySuccess('Disimpan lagi');
    expect(hide).not.toHaveBeenCalled();
  });
});
