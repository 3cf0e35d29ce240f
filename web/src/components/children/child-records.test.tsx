// The child-records editor on a detail screen, against a stubbed API: a gadget's parts are listed
// by the gadget's id, added (the id filled in), edited and deleted in place; a refused save keeps
// the dialog with everything typed and the server's message next to its field; a part's bolts
// open under its row.
import { Id, qInt } from '@lbo/contract/common';
import { defineContract } from '@lbo/contract/resource';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { gadgetResource, gadgetRow } from '../../testing/fake-resource';
import { initGadgetTexts, renderResourceScreen } from '../../testing/gadget-screens';
import { type Call, fail, grants, ok, signIn, stubApi } from '../../testing/test-utils';
import { ResourceDetailPage } from '../resource/resource-detail.page';
import { type AnyResource, defineChild } from '../resource/types';

const partContract = defineContract({
  name: 'part',
  area: 'partner',
  idKey: 'id',
  listKey: 'list_part',
  paths: { list: '/web/part/', create: '/web/part', update: '/web/part/id/:id', remove: '/web/part/id/:id' },
  record: z.object({ id: Id, gadget_id: Id, name: z.string(), qty: z.number() }),
  create: z.object({ gadget_id: Id, name: z.string().trim().min(1), qty: z.number().int().min(1) }),
  update: z.object({ name: z.string().trim().min(1), qty: z.number().int().min(1) }).partial(),
  filters: z.object({ gadget_id: qInt() }),
  sortKeys: ['id'],
  defaultSort: { by: 'id', dir: 'asc' },
  searchFields: [],
});

const boltContract = defineContract({
  name: 'bolt',
  area: 'partner',
  idKey: 'id',
  paths: { select: '/web/bolt/select' },
  record: z.object({ id: Id, part_id: Id, size: z.string() }),
  filters: z.object({ part_id: qInt() }),
  sortKeys: ['id'],
  defaultSort: { by: 'id', dir: 'asc' },
  searchFields: [],
});

const boltChild = defineChild({
  contract: boltContract,
  parentKey: 'part_id',
  title: (r) => r.size,
  columns: [{ key: 'size' }],
});

const partChild = defineChild({
  contract: partContract,
  parentKey: 'gadget_id',
  title: (r) => r.name,
  columns: [{ key: 'name' }, { key: 'qty', kind: 'number' }],
  form: {
    fields: [
      { name: 'name', widget: { kind: 'text' } },
      { name: 'qty', widget: { kind: 'number', min: 1 } },
    ],
  },
  children: [boltChild],
});

const withParts: AnyResource = { ...gadgetResource, children: [partChild] };

type Part = { id: number; gadget_id: number; name: string; qty: number };

function api(opts: { refuse?: boolean } = {}) {
  const parts: Part[] = [{ id: 1, gadget_id: 7, name: 'Lid', qty: 2 }];
  const stub = stubApi(({ url, method, body }) => {
    const path = url.pathname;
    if (path.endsWith('/web/gadget/id/7')) return ok(gadgetRow(7));
    if (path.endsWith('/web/part/') && method === 'GET') {
      const rows = parts.filter((p) => String(p.gadget_id) === url.searchParams.get('gadget_id'));
      return ok({ list_part: rows }, { page: 1, limit: 10, total_data: rows.length, total_page: 1 });
    }
    if (path.endsWith('/web/part') && method === 'POST') {
      if (opts.refuse) return fail(409, 'CONFLICT', ["name: 'Hinge' already exists on this gadget"]);
      const created = { id: parts.length + 1, ...(body as Omit<Part, 'id'>) };
      parts.push(created);
      return { status: 201, body: { data: created } };
    }
    const one = /\/web\/part\/id\/(\d+)$/.exec(path);
    if (one && method === 'PUT') {
      const p = parts.find((x) => x.id === Number(one[1]))!;
      Object.assign(p, body);
      return ok(p);
    }
    if (one && method === 'DELETE') {
      parts.splice(
        parts.findIndex((x) => x.id === Number(one[1])),
        1,
      );
      return ok({ id: Number(one[1]) });
    }
    if (path.endsWith('/web/bolt/select')) return ok([{ id: 5, part_id: 1, size: 'M4' }]);
    return undefined;
  });
  return { ...stub, parts };
}

const renderDetail = () =>
  renderResourceScreen(withParts, <ResourceDetailPage />, { path: '/gadgets/7', route: '/gadgets/:id' });

const partCalls = (calls: Call[], method: string) =>
  calls.filter((c) => c.url.pathname.includes('/web/part') && c.method === method);

beforeEach(() => {
  initGadgetTexts(
    {
      part: { title: 'Parts', one: 'part', fields: { qty: 'Quantity' } },
      bolt: { title: 'Bolts', one: 'bolt', fields: { size: 'Size' } },
    },
    // Labels no resource words its own way come from the shared namespace.
    { fields: { name: 'Name' } },
  );
  signIn();
});

describe('child records', () => {
  it("should list the parent's children by its id and add one with the id filled in", async () => {
    const user = userEvent.setup();
    const { calls } = api();
    renderDetail();
    const section = await screen.findByTestId('children-part');
    await within(section).findByText('Lid');
    expect(partCalls(calls, 'GET')[0].url.searchParams.get('gadget_id')).toBe('7');
    // The shared label and the resource's own.
    expect(within(section).getByRole('columnheader', { name: 'Name' })).toBeInTheDocument();
    expect(within(section).getByRole('columnheader', { name: 'Quantity' })).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add part' });
    await user.type(within(dialog).getByLabelText(/Name/), 'Hinge');
    await user.type(within(dialog).getByLabelText(/Quantity/), '4');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await within(section).findByText('Hinge');
    expect(partCalls(calls, 'POST')[0].body).toEqual({ gadget_id: 7, name: 'Hinge', qty: 4 });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add part' })).not.toBeInTheDocument());
  });

  it('should keep the dialog and everything typed when the server refuses, with the message at its field', async () => {
    const user = userEvent.setup();
    api({ refuse: true });
    renderDetail();
    const section = await screen.findByTestId('children-part');
    await within(section).findByText('Lid');
    await user.click(within(section).getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add part' });
    await user.type(within(dialog).getByLabelText(/Name/), 'Hinge');
    await user.type(within(dialog).getByLabelText(/Quantity/), '4');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    // Said once: next to the field (without its name); the alert only points at the marked fields.
    expect(await within(dialog).findByText("'Hinge' already exists on this gadget")).toBeInTheDocument();
    expect(within(dialog).getByText('Check the fields marked in red.')).toBeInTheDocument();
    expect(within(dialog).queryByText("Name: 'Hinge' already exists on this gadget")).toBeNull();
    expect(within(dialog).getByLabelText(/Name/)).toHaveValue('Hinge');
    expect(within(dialog).getByLabelText(/Quantity/)).toHaveValue('4');
  });

  it('should validate in the dialog before calling the server', async () => {
    const user = userEvent.setup();
    const { calls } = api();
    renderDetail();
    const section = await screen.findByTestId('children-part');
    await within(section).findByText('Lid');
    await user.click(within(section).getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add part' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText('This field is required')).not.toHaveLength(0);
    expect(partCalls(calls, 'POST')).toHaveLength(0);
  });

  it('should edit and delete a child in place', async () => {
    const user = userEvent.setup();
    const { calls, parts } = api();
    renderDetail();
    const section = await screen.findByTestId('children-part');
    await within(section).findByText('Lid');
    await user.click(within(section).getByRole('button', { name: 'Edit: Lid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Lid' });
    expect(within(dialog).getByLabelText(/Name/)).toHaveValue('Lid');
    await user.clear(within(dialog).getByLabelText(/Name/));
    await user.type(within(dialog).getByLabelText(/Name/), 'Top lid');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await within(section).findByText('Top lid');
    const put = partCalls(calls, 'PUT')[0];
    expect(put.url.pathname).toMatch(/\/web\/part\/id\/1$/);
    // The update schema has no gadget_id: the parent's id is not sent again.
    expect(put.body).toEqual({ name: 'Top lid', qty: 2 });

    await user.click(within(section).getByRole('button', { name: 'Delete: Top lid' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this part?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await within(section).findByText('No part yet.');
    expect(parts).toHaveLength(0);
  });

  it("should open a child's own children under its row", async () => {
    const user = userEvent.setup();
    const { calls } = api();
    renderDetail();
    const section = await screen.findByTestId('children-part');
    await within(section).findByText('Lid');
    expect(screen.queryByTestId('children-bolt')).not.toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: /Show the lines under it: Lid/ }));
    const bolts = await screen.findByTestId('children-bolt');
    await within(bolts).findByText('M4');
    const call = calls.find((c) => c.url.pathname.endsWith('/web/bolt/select'))!;
    expect(call.url.searchParams.get('part_id')).toBe('1');
  });

  it('should offer no add, edit or delete without the permissions', async () => {
    signIn({ role_list: grants(['partner'], ['view']) });
    api();
    renderDetail();
    const section = await screen.findByTestId('children-part');
    await within(section).findByText('Lid');
    expect(within(section).queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: /^Edit:/ })).not.toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: /^Delete:/ })).not.toBeInTheDocument();
  });
});
