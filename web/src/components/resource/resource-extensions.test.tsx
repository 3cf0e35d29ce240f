// The machinery's optional parts: bulk actions on selected rows, secondary ("more") and text
// filters, a get answer that wraps the record (recordOf), and an image sent with the save as multipart.
import { defineAction } from '@lbo/contract/action';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { gadgetContract, gadgetResource, gadgetRow } from '../../testing/fake-resource';
import {
  gadgetListCalls,
  initGadgetTexts,
  lastListParams,
  renderGadgetList,
  renderResourceScreen,
  stubGadgetList,
} from '../../testing/gadget-screens';
import { grants, ok, signIn, stubApi } from '../../testing/test-utils';
import type { ActionDescription } from '../action/action-types';
import { ResourceFormPage } from './resource-form.page';
import { type AnyResource, defineResource } from './types';

const listApi = () =>
  stubGadgetList({
    total: 30,
    other: ({ url }) => (url.pathname.endsWith('/web/gadget/archive') ? ok({ updated: 3 }) : undefined),
  });

/** A list action on the checked rows (components/action), confirmed before it runs. */
const archive: ActionDescription = {
  contract: defineAction({
    name: 'archive',
    resource: 'gadget',
    method: 'PUT',
    path: '/web/gadget/archive',
    placement: 'list',
    body: z.object({ gadget_ids: z.array(z.number()) }),
    result: z.object({ updated: z.number() }),
    area: 'partner',
    action: 'update',
    confirm: { tone: 'default' },
    summary: 'Archive gadgets',
  }),
  request: ({ ids }) => ({ body: { gadget_ids: ids } }),
  texts: { label: () => 'Archive' },
};

const withExtras: AnyResource = {
  ...gadgetResource,
  filters: [
    {
      kind: 'select',
      key: 'branch_id',
      source: { path: '/web/branch/select', valueKey: 'branch_id', label: (r) => String(r.name) },
    },
    { kind: 'text', key: 'code', more: true },
  ],
  actions: [archive],
};

beforeEach(() => initGadgetTexts());

describe('bulk actions', () => {
  it('should act on the selected rows, then clear the selection and reload the list', async () => {
    signIn();
    const { calls } = listApi();
    const user = userEvent.setup();
    renderGadgetList(withExtras);
    await screen.findByText('Gadget 1');
    expect(screen.getByText('Tick rows for bulk actions:')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Archive' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select Gadget 1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Gadget 3' }));
    expect(screen.getByText('2 rows selected')).toBeInTheDocument();
    // The selection survives paging.
    await user.click(screen.getByRole('button', { name: '2' }));
    await screen.findByText('Gadget 11');
    await user.click(screen.getByRole('checkbox', { name: 'Select Gadget 12' }));
    expect(screen.getByText('3 rows selected')).toBeInTheDocument();

    const before = gadgetListCalls(calls).length;
    await user.click(screen.getByRole('button', { name: 'Archive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive?' });
    expect(within(dialog).getByText(/For 3 selected rows:/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(screen.getByText('Tick rows for bulk actions:')).toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ gadget_ids: [1, 3, 12] }]);
    await waitFor(() => expect(gadgetListCalls(calls).length).toBeGreaterThan(before));
  });

  it('should start a new selection when the filters change, and offer nothing without the permission', async () => {
    signIn();
    listApi();
    const user = userEvent.setup();
    const { unmount } = renderGadgetList(withExtras);
    await screen.findByText('Gadget 1');
    await user.click(screen.getByRole('checkbox', { name: 'Select Gadget 2' }));
    expect(screen.getByText('1 row selected')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Search'), 'x{Enter}');
    await waitFor(() => expect(screen.getByText('Tick rows for bulk actions:')).toBeInTheDocument());
    unmount();

    signIn({ role_list: grants(['partner'], ['view']) });
    renderGadgetList(withExtras);
    await screen.findByText('Gadget 1');
    expect(screen.queryByTestId('bulk-bar')).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Select Gadget 1' })).toBeNull();
  });
});

describe('more filters', () => {
  it('should tuck secondary filters away and apply a text filter on Enter', async () => {
    signIn();
    const { calls } = listApi();
    const user = userEvent.setup();
    renderGadgetList(withExtras);
    await screen.findByText('Gadget 1');
    expect(screen.queryByRole('textbox', { name: 'Code' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'More filters (1)' }));
    await user.type(screen.getByRole('textbox', { name: 'Code' }), 'G-7{Enter}');
    await waitFor(() =>
      expect(lastListParams(calls)).toMatchObject({
        code: 'G-7',
        page: '1',
      }),
    );
  });

  it('should show a secondary filter that is set, without the toggle', async () => {
    signIn();
    listApi();
    renderGadgetList(withExtras, '/gadgets?code=G-2');
    await screen.findByText('Gadget 1');
    expect(screen.getByRole('textbox', { name: 'Code' })).toHaveValue('G-2');
    expect(screen.queryByRole('button', { name: /More filters/ })).toBeNull();
  });
});

describe('record inside a detail answer, image sent with the save', () => {
  // A gadget with a picture: the form shows the record's photo_url, the file goes in `photo`.
  const contract = {
    ...gadgetContract,
    record: gadgetContract.record.extend({ photo_url: z.string().optional() }),
    upload: { field: 'photo' as const },
  };
  const uploading = defineResource({
    contract,
    title: (r) => r.name,
    columns: [{ key: 'name' }],
    recordOf: (d) => d.gadget as never,
    form: {
      fields: [
        { name: 'name', widget: { kind: 'text' } },
        { name: 'photo_url', widget: { kind: 'image' } },
      ],
    },
  });

  it('should fill the form from the wrapped record and send form_data plus the file', async () => {
    signIn();
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} }),
    );
    const { calls } = stubApi(({ method, url }) => {
      if (!url.pathname.endsWith('/web/gadget/id/7')) return undefined;
      const gadget = { ...gadgetRow(7), photo_url: '/uploads/gadget/old.png' };
      return method === 'GET'
        ? ok({ gadget, parts: [] })
        : ok({ ...gadget, photo_url: '/uploads/gadget/new.png' });
    });
    const user = userEvent.setup();
    const { router } = renderResourceScreen(uploading, <ResourceFormPage mode="edit" />, {
      path: '/gadgets/7/edit',
      route: '/gadgets/:id/edit',
    });
    const name = await screen.findByLabelText(/^Name/);
    expect(name).toHaveValue('Gadget 7');
    // The current image is shown; only a newly picked one can be taken back.
    expect(screen.getByRole('img', { name: 'Preview of the image' })).toHaveAttribute(
      'src',
      '/uploads/gadget/old.png',
    );
    expect(screen.queryByRole('button', { name: 'Remove the image' })).toBeNull();

    const file = new File([new Uint8Array([137, 80, 78, 71])], 'new.png', { type: 'image/png' });
    await user.upload(document.querySelector('input[type=file]') as HTMLInputElement, file);
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Preview of the image' })).toHaveAttribute(
        'src',
        'blob:preview',
      ),
    );
    expect(screen.getByRole('button', { name: 'Remove the image' })).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'Gadget seven');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toBeInstanceOf(FormData);
    const form = put.body as FormData;
    expect(JSON.parse(String(form.get('form_data')))).toEqual({ name: 'Gadget seven' });
    expect((form.get('photo') as File).name).toBe('new.png');
    expect(put.headers['Content-Type']).toBeUndefined();
    await waitFor(() => expect(router.state.location.pathname).toBe('/gadgets/7'));
  });
});
