// The bulk edit dialogs: what they send, and that a refused call keeps the dialog and the input.

import { changesOf } from '@lbo/contract/customers';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { customerResources } from '../../i18n/en.customers';
import { fail, i18n, initTestI18n, ok, Providers, signIn, stubApi } from '../../testing/test-utils';
import { customerActions } from './customer-bulk';

const rows = [
  { customer_id: 1, customer_name: 'Toko Satu' },
  { customer_id: 2, customer_name: 'Warung Dua' },
];

function open(key: string) {
  const Dialog = customerActions.find((a) => a.key === key)!.dialog!;
  const onDone = vi.fn();
  const onClose = vi.fn();
  render(
    <Providers>
      <Dialog rows={rows} ids={[1, 2]} onDone={onDone} onClose={onClose} />
    </Providers>,
  );
  return { onDone, onClose };
}

beforeEach(() => {
  initTestI18n();
  i18n.addResourceBundle('en', 'translation', { resources: customerResources }, true, true);
  signIn();
});

describe('customer bulk dialogs', () => {
  it('should keep the dialog and the note when the server refuses, and finish once it accepts', async () => {
    let refuse = true;
    const { calls } = stubApi(({ method, url }) => {
      if (method !== 'PUT' || !url.pathname.endsWith('/web/customer/edit/note')) return undefined;
      if (refuse) return fail(403, 'FORBIDDEN', ['customer 2 is outside your branches']);
      return ok({ updated: 2, customer_ids: [1, 2] });
    });
    const user = userEvent.setup();
    const { onDone } = open('note');
    expect(screen.getByText(/Toko Satu, Warung Dua/)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'Tutup hari Minggu');
    await user.click(screen.getByRole('button', { name: 'Apply to 2 customers' }));
    expect(await screen.findByText('customer 2 is outside your branches')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue('Tutup hari Minggu');
    expect(onDone).not.toHaveBeenCalled();

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Apply to 2 customers' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { customer_ids: [1, 2], note: 'Tutup hari Minggu' },
      { customer_ids: [1, 2], note: 'Tutup hari Minggu' },
    ]);
  });

  it('should send a whole number as the cap, or null to remove it', async () => {
    const { calls } = stubApi(({ method }) =>
      method === 'PUT' ? ok({ updated: 2, customer_ids: [1, 2] }) : undefined,
    );
    const user = userEvent.setup();
    const { onDone } = open('max_point');
    const apply = screen.getByRole('button', { name: 'Apply to 2 customers' });
    expect(apply).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Remove the cap (no limit)' }));
    await user.click(apply);
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls[0].url.pathname).toBe('/v1/api/web/customer/edit/max_point');
    expect(calls[0].body).toEqual({ customer_ids: [1, 2], monthly_max_point: null });
  });

  it('should send only the fields chosen in the bulk edit', async () => {
    const { calls } = stubApi(({ method, url }) => {
      if (url.pathname.endsWith('/select')) return ok([]);
      return method === 'PUT' ? ok({ updated: 2, customer_ids: [1, 2] }) : undefined;
    });
    const user = userEvent.setup();
    open('bulk');
    const apply = screen.getByRole('button', { name: 'Apply to 2 customers' });
    expect(apply).toBeDisabled();
    expect(screen.getByText('Choose at least one field to change.')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Validated by admin' }));
    await user.click(await screen.findByRole('option', { name: 'Yes' }));
    await user.click(apply);
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url.pathname).toBe('/v1/api/web/customer/edit/bulk');
    expect(put.body).toEqual({ customer_ids: [1, 2], admin_validate: true });
  });
});

describe('customer bulk edits on the list', () => {
  it('should keep the customers selected after each edit', () => {
    expect(customerActions.map((a) => [a.key, a.keepSelection])).toEqual(
      customerActions.map((a) => [a.key, true]),
    );
  });
});

describe('customer log', () => {
  it('should read both shapes of a change', () => {
    expect(changesOf({ changes: { note: { from: '', to: 'x' } } })).toEqual([
      { field: 'note', from: '', to: 'x' },
    ]);
    expect(changesOf({ class_mekar: { before: false, after: true } })).toEqual([
      { field: 'class_mekar', from: false, to: true },
    ]);
    expect(changesOf(null)).toEqual([]);
  });
});
