import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { gadgetRow } from '../../testing/fake-resource';
import {
  gadgetListCalls,
  initGadgetTexts,
  lastListParams,
  renderGadgetList,
  stubGadgetList,
} from '../../testing/gadget-screens';
import { grants, ok, signIn, stubApi } from '../../testing/test-utils';

const headerOf = (accessor: string) => {
  const th = document.querySelector<HTMLElement>(`th[data-accessor="${accessor}"]`);
  if (!th) throw new Error(`no header ${accessor}`);
  // A sortable header holds a button filling the cell (list-table.tsx).
  return th.querySelector<HTMLElement>('button') ?? th;
};
const renderList = (path?: string) => renderGadgetList(undefined, path);

beforeEach(() => initGadgetTexts());

describe('resource list', () => {
  it('should ask for page 1 of 10 with the default sort and show the rows', async () => {
    signIn();
    const { calls } = stubGadgetList();
    renderList();
    expect(await screen.findByText('Gadget 1')).toBeInTheDocument();
    expect(lastListParams(calls)).toEqual({ page: '1', limit: '10', by: 'id', sort: 'desc' });
    expect(screen.getByText('1–10 of 35')).toBeInTheDocument();
  });

  it('should page on the server', async () => {
    signIn();
    const { calls } = stubGadgetList();
    const user = userEvent.setup();
    const { router } = renderList();
    await screen.findByText('Gadget 1');
    await user.click(screen.getByRole('button', { name: '2' }));
    expect(await screen.findByText('Gadget 11')).toBeInTheDocument();
    expect(lastListParams(calls).page).toBe('2');
    expect(router.state.location.search).toBe('?page=2');
    await user.click(screen.getByRole('button', { name: 'Last page' }));
    expect(await screen.findByText('Gadget 35')).toBeInTheDocument();
    expect(lastListParams(calls).page).toBe('4');
  });

  it('should sort on the server by the column sort key', async () => {
    signIn();
    const { calls } = stubGadgetList();
    const user = userEvent.setup();
    renderList();
    await screen.findByText('Gadget 1');
    await user.click(headerOf('code'));
    await waitFor(() => expect(lastListParams(calls)).toMatchObject({ by: 'code', sort: 'asc', page: '1' }));
    await user.click(headerOf('code'));
    await waitFor(() => expect(lastListParams(calls)).toMatchObject({ by: 'code', sort: 'desc' }));
  });

  it('should send search and filters as query parameters and go back to page 1', async () => {
    signIn();
    const { calls } = stubGadgetList();
    const user = userEvent.setup();
    renderList('/gadgets?page=3&start_date=2025-02-01&end_date=2025-02-28');
    await screen.findByText('Gadget 21');
    expect(lastListParams(calls)).toMatchObject({
      page: '3',
      start_date: '2025-02-01',
      end_date: '2025-02-28',
    });
    await user.type(screen.getByLabelText('Search'), 'kopi');
    await waitFor(() => expect(lastListParams(calls)).toMatchObject({ search: 'kopi', page: '1' }));
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Inactive' }));
    await waitFor(() =>
      expect(lastListParams(calls)).toMatchObject({ search: 'kopi', active: 'false', page: '1' }),
    );
    await user.click(screen.getByRole('combobox', { name: 'Branch' }));
    await user.click(await screen.findByRole('option', { name: 'Bandung' }));
    await waitFor(() =>
      expect(lastListParams(calls)).toEqual({
        page: '1',
        limit: '10',
        by: 'id',
        sort: 'desc',
        search: 'kopi',
        active: 'false',
        branch_id: '1',
        start_date: '2025-02-01',
        end_date: '2025-02-28',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() =>
      expect(lastListParams(calls)).toEqual({ page: '1', limit: '10', by: 'id', sort: 'desc' }),
    );
  });

  it('should show a readable error with a retry that works', async () => {
    signIn();
    const { calls } = stubGadgetList({ failFirst: true });
    const user = userEvent.setup();
    renderList();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The list could not be loaded')).toBeInTheDocument();
    expect(within(alert).getByText(/Something went wrong on the server/)).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Gadget 1')).toBeInTheDocument();
    expect(gadgetListCalls(calls)).toHaveLength(2);
  });

  it('should show the empty state', async () => {
    signIn();
    stubGadgetList({ total: 0 });
    renderList();
    expect(await screen.findByText('No data yet.')).toBeInTheDocument();
  });

  it('should offer edit, delete and add only when the role allows them', async () => {
    signIn({ role_list: grants(['partner'], ['view']) });
    stubGadgetList();
    renderList();
    await screen.findByText('Gadget 1');
    expect(screen.getAllByRole('link', { name: /^View: / })).toHaveLength(10);
    expect(screen.queryByRole('link', { name: /^Edit: / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete: / })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Add' })).toBeNull();
  });

  it('should delete a row only after confirming', async () => {
    signIn();
    let deleted: string | null = null;
    const { calls } = stubApi((call) => {
      if (call.method === 'DELETE') {
        deleted = call.url.pathname;
        return ok({ id: 3 });
      }
      const page = Number(call.url.searchParams.get('page'));
      const rows = Array.from({ length: 10 }, (_, i) => gadgetRow((page - 1) * 10 + i + 1));
      return ok({ list_gadget: rows }, { page, limit: 10, total_data: 35, total_page: 4 });
    });
    const user = userEvent.setup();
    renderList();
    await screen.findByText('Gadget 3');
    expect(screen.getAllByRole('link', { name: /^Edit: / })).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'Delete: Gadget 3' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/“Gadget 3” will be deleted/)).toBeInTheDocument();
    expect(deleted).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleted).toBe('/v1/api/web/gadget/id/3'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'GET').length).toBeGreaterThanOrEqual(2);
  });
});
