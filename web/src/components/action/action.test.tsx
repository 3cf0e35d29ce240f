// Actions on the web: the button (permission, direct run with a toast), the confirm dialog (the
// preview's count, the echoed count, a changed count answered 409 and confirmed again, the server's
// messages), the queries refreshed after success, and the slots of the shared list and detail screens.
import { ActionPreview, defineAction } from '@lbo/contract/action';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { theme } from '../../app/theme';
import { gadgetLabels, gadgetResource, gadgetRow } from '../../testing/fake-resource';
import {
  initGadgetTexts,
  renderGadgetList,
  renderResourceScreen,
  stubGadgetList,
} from '../../testing/gadget-screens';
import { fail, grants, ok, signIn, stubApi } from '../../testing/test-utils';
import { ResourceDetailPage } from '../resource/resource-detail.page';
import type { AnyResource } from '../resource/types';
import { ActionButton } from './action-button';
import type { ActionDescription } from './action-types';

const retire = defineAction({
  name: 'retire',
  resource: 'gadget',
  related: ['gadget_report'],
  method: 'PUT',
  path: '/web/gadget/retire/:gadget_id',
  placement: 'record',
  result: z.object({ gadget_id: z.number() }),
  area: 'partner',
  action: 'update',
  confirm: { tone: 'default' },
  summary: 'Retire a gadget',
});

const deleteAll = defineAction({
  name: 'delete_all',
  resource: 'gadget',
  method: 'DELETE',
  path: '/web/gadget/all',
  placement: 'list',
  result: z.object({ deleted: z.number() }),
  area: 'partner',
  action: 'delete',
  confirm: { preview: ActionPreview, echoCount: true },
  summary: 'Delete every gadget',
});

const touch = defineAction({
  name: 'touch',
  resource: 'gadget',
  method: 'POST',
  path: '/web/gadget/touch',
  placement: 'list',
  body: z.object({ gadget_ids: z.array(z.number()) }),
  result: z.object({ updated: z.number() }),
  area: 'partner',
  action: 'update',
  summary: 'Mark gadgets as seen',
});

const retireAction: ActionDescription = { contract: retire, available: (r) => r.active === true };
const deleteAllAction: ActionDescription = { contract: deleteAll, on: 'all' };
const touchAction: ActionDescription = {
  contract: touch,
  request: ({ ids }) => ({ body: { gadget_ids: ids } }),
};

const labels = {
  ...gadgetLabels,
  actions: {
    retire: { label: 'Retire', message: '“{{name}}” will no longer be offered.' },
    delete_all: { label: 'Delete all' },
    touch: { label: 'Mark seen' },
  },
};

function Wrapper({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

function renderButton(action: ActionDescription, target = { rows: [], ids: [] as number[] }) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  const onDone = vi.fn();
  render(
    <Wrapper client={client}>
      <ActionButton action={action} name="gadget" target={target} onDone={onDone} />
    </Wrapper>,
  );
  return { invalidate, onDone };
}

beforeEach(() => {
  initGadgetTexts({ gadget: labels });
  signIn();
});

describe('action button and dialog', () => {
  it('should confirm a record action naming the record, call it, toast and refresh its resources', async () => {
    const { calls } = stubApi(({ method, url }) =>
      method === 'PUT' && url.pathname === '/v1/api/web/gadget/retire/7' ? ok({ gadget_id: 7 }) : undefined,
    );
    const user = userEvent.setup();
    const row = gadgetRow(7);
    const { invalidate, onDone } = renderButton(retireAction, {
      rows: [row],
      ids: [7],
      record: row,
      title: 'Gadget 7',
    } as never);
    await user.click(screen.getByRole('button', { name: 'Retire' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retire?' });
    expect(within(dialog).getByText('“Gadget 7” will no longer be offered.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Retire' }));
    expect(await screen.findByText('Retire: done.')).toBeInTheDocument();
    expect(calls.map((c) => [c.method, c.url.pathname, c.body])).toEqual([
      ['PUT', '/v1/api/web/gadget/retire/7', {}],
    ]);
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    const keys = invalidate.mock.calls.map((c) => c[0]?.queryKey);
    expect(keys).toEqual(expect.arrayContaining([['gadget'], ['gadget_report'], ['select']]));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('should name the preview count, echo it, and ask again with the new count after a 409', async () => {
    let current = 5;
    let changedOnce = false;
    const { calls } = stubApi(({ method, url }) => {
      if (method === 'GET' && url.pathname === '/v1/api/web/gadget/all/preview')
        return ok({ count: current });
      if (method !== 'DELETE' || url.pathname !== '/v1/api/web/gadget/all') return undefined;
      if (!changedOnce) {
        changedOnce = true;
        current = 6;
        return fail(409, 'CONFLICT', ['the number of rows changed from 5 to 6; check again']);
      }
      return ok({ deleted: Number(url.searchParams.get('confirm_count')) });
    });
    const user = userEvent.setup();
    renderButton(deleteAllAction);
    await user.click(screen.getByRole('button', { name: 'Delete all' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete all?' });
    expect(await within(dialog).findByText('This will change 5 rows.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete all' }));
    expect(
      await within(dialog).findByText('the number of rows changed from 5 to 6; check again'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/check the new count above and confirm again/)).toBeInTheDocument();
    expect(await within(dialog).findByText('This will change 6 rows.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete all' }));
    expect(await screen.findByText('Delete all: 6 rows.')).toBeInTheDocument();
    expect(
      calls.filter((c) => c.method === 'DELETE').map((c) => c.url.searchParams.get('confirm_count')),
    ).toEqual(['5', '6']);
  });

  it('should not offer to confirm when the preview finds nothing to change', async () => {
    stubApi(({ url }) => (url.pathname.endsWith('/preview') ? ok({ count: 0 }) : undefined));
    const user = userEvent.setup();
    renderButton(deleteAllAction);
    await user.click(screen.getByRole('button', { name: 'Delete all' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('There is nothing to change right now.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Delete all' })).toBeDisabled();
  });

  it('should run an action without confirmation at once and show the server messages when it fails', async () => {
    stubApi(({ method }) =>
      method === 'POST' ? fail(400, 'VALIDATION_ERROR', ['gadget_ids[1]: gadget 99 not found']) : undefined,
    );
    const user = userEvent.setup();
    const { onDone } = renderButton(touchAction, { rows: [], ids: [3, 99] });
    await user.click(screen.getByRole('button', { name: 'Mark seen' }));
    expect(await screen.findByText('gadget_ids[1]: gadget 99 not found')).toBeInTheDocument();
    expect(screen.getByText('Nothing was changed')).toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('should not show an action the role does not grant', () => {
    signIn({ role_list: grants(['partner'], ['view', 'update']) });
    stubApi(() => undefined);
    renderButton(deleteAllAction);
    expect(screen.queryByRole('button', { name: 'Delete all' })).toBeNull();
  });
});

describe('slots on the list and detail screens', () => {
  const withActions: AnyResource = {
    ...gadgetResource,
    actions: [retireAction, deleteAllAction, touchAction],
  };

  it('should show record actions per row, list actions in the header and on the selection', async () => {
    const { calls } = stubGadgetList({
      rows: [gadgetRow(1), gadgetRow(2)],
      other: ({ method, url }) =>
        method === 'POST' && url.pathname.endsWith('/web/gadget/touch') ? ok({ updated: 1 }) : undefined,
    });
    const user = userEvent.setup();
    renderGadgetList(withActions);
    await screen.findByText('Gadget 1');
    // Only the active gadget (2) can be retired.
    expect(screen.getByRole('button', { name: 'Retire: Gadget 2' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retire: Gadget 1' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete all' })).toBeInTheDocument();
    const bar = screen.getByTestId('bulk-bar');
    expect(within(bar).getByRole('button', { name: 'Mark seen' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select Gadget 1' }));
    await user.click(within(bar).getByRole('button', { name: 'Mark seen' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ gadget_ids: [1] }));
    await waitFor(() => expect(within(bar).getByText('Tick rows for bulk actions:')).toBeInTheDocument());
  });

  it('should show an available record action on the detail screen', async () => {
    stubApi(({ url }) => (url.pathname.endsWith('/web/gadget/id/4') ? ok(gadgetRow(4)) : undefined));
    renderResourceScreen(withActions, <ResourceDetailPage />, { path: '/gadgets/4', route: '/gadgets/:id' });
    expect(await screen.findByRole('button', { name: 'Retire' })).toBeInTheDocument();
  });
});
