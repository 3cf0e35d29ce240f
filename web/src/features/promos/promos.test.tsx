// The promo order dialog: one call with the whole new order.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { initTestI18n, ok, renderAt, signIn, stubApi } from '../../testing/test-utils';
import { resource as promo } from './promo.resource';

beforeEach(() => {
  localStorage.clear();
  initTestI18n();
  signIn();
});

const promos = [
  { promo_id: 1, name: 'Ramadhan', description: '', image: '', priority: 1 },
  { promo_id: 2, name: 'Kopi', description: '', image: '', priority: 2 },
  { promo_id: 3, name: 'Sabun', description: '', image: '', priority: 3 },
];

describe('promo order', () => {
  it('should move a promo up and save the whole order in one call', async () => {
    const { calls } = stubApi((c) => {
      if (c.method === 'GET' && c.url.pathname.endsWith('/web/promo/select'))
        return ok({ list_promo: promos });
      if (c.method === 'PUT' && c.url.pathname.endsWith('/web/promo/priority')) return ok({ list_promo: [] });
      return undefined;
    });
    const Order = promo.listExtra!;
    const user = userEvent.setup();
    renderAt(<Order />);
    await user.click(screen.getByRole('button', { name: 'Change order' }));
    await user.click(await screen.findByRole('button', { name: 'Move Kopi up' }));
    await user.click(screen.getByRole('button', { name: 'Save order' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toEqual({ promo_ids: [2, 1, 3] });
  });
});
