import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { gadgetEntry, gadgetLabels, gadgetResource, gadgetRow } from '../../testing/fake-resource';
import {
  type Call,
  fail,
  grants,
  i18n,
  initTestI18n,
  ok,
  renderAt,
  signIn,
  stubApi,
} from '../../testing/test-utils';
import { ResourceListPage } from './resource-list.page';
import { ResourceScope } from './resource-scope';

const TOTAL = 35;

function listApi(opts: { total?: number; failFirst?: boolean } = {}) {
  const total = opts.total ?? TOTAL;
  let failures = opts.failFirst ? 1 : 0;
  return stubApi(({ url }) => {
    if (url.pathname.endsWith('/web/branch/select')) return ok([{ branch_id: 1, name: 'Bandung' }]);
    if (!url.pathname.endsWith('/web/gadget/')) return undefined;
    if (failures > 0) {
      failures--;
      return fail(500, 'INTERNAL', ['Internal server error']);
    }
    const page = Number(url.searchParams.get('page'));
    const limit = Number(url.searchParams.get('limit'));
    const n = Math.max(0, Math.min(limit, total - (page - 1) * limit));
    const rows = Array.from({ length: n }, (_, i) => gadgetRow((page - 1) * limit + i + 1));
    return ok(
      { list_gadget: rows },
      { page, limit, total_data: total, total_page: Math.ceil(total / limit) },
    );
  });
}

const headerOf = (accessor: string) => {
  const th = document.querySelector<HTMLElement>(`th[data-accessor="${accessor}"]`);
  if (!th) throw new Error(`no header ${accessor}`);
  return th;
};
const listCalls = (calls: Call[]) => calls.filter((c) => c.url.pathname.endsWith('/web/gadget/'));
const lastParams = (calls: Call[]) => Object.fromEntries(listCalls(calls).at(-1)!.url.searchParams);

function renderList(path = '/gadgets') {
  return renderAt(
    <ResourceScope resource={gadgetResource} entry={gadgetEntry}>
      <ResourceListPage />
    </ResourceScope>,
    { path, route: '/gadgets' },
  );
}

beforeEach(() => {
  initTestI18n();
  i18n.addResourceBundle('en', 'translation', { resources: { gadget: gadgetLabels } }, true, true);
});

describe('resource list', () => {
  it('should ask for page 1 of 10 with the default sort and show the rows', async () => {
    signIn();
    const { calls } = listApi();
    renderList();
    expect(await screen.findByText('Gadget 1')).toBeInTheDocument();
    expect(lastParams(calls)).toEqual({ page: '1', limit: '10', by: 'id', sort: 'desc' });
    expect(screen.getByText('1–10 of 35')).toBeInTheDocument();
  });

  it('should page on the server', async () => {
    signIn();
    const { calls } = listApi();
    const user = userEvent.setup();
    const { router } = renderList();
    await screen.findByText('Gadget 1');
    await user.click(screen.getByRole('button', { name: '2' }));
    expect(await screen.findByText('Gadget 11')).toBeInTheDocument();
    expect(lastParams(calls).page).toBe('2');
    expect(router.state.location.search).toBe('?page=2');
    await user.click(screen.getByRole('button', { name: 'Last page' }));
    expect(await screen.findByText('Gadget 35')).toBeInTheDocument();
    expect(lastParams(calls).page).toBe('4');
  });

  it('should sort on the server by the column sort key', async () => {
    signIn();
    const { calls } = listApi();
    const user = userEvent.setup();
    renderList();
    await screen.findByText('Gadget 1');
    await user.click(headerOf('code'));
    await waitFor(() => expect(lastParams(calls)).toMatchObject({ by: 'code', sort: 'asc', page: '1' }));
    await user.click(headerOf('code'));
    await waitFor(() => expect(lastParams(calls)).toMatchObject({ by: 'code', sort: 'desc' }));
  });

  it('should send search and filters as query parameters and go back to page 1', async () => {
    signIn();
    const { calls } = listApi();
    const user = userEvent.setup();
    renderList('/gadgets?page=3&start_date=2025-02-01&end_date=2025-02-28');
    await screen.findByText('Gadget 21');
    expect(lastParams(calls)).toMatchObject({ page: '3', start_date: '2025-02-01', end_date: '2025-02-28' });
    await user.type(screen.getByLabelText('Search'), 'kopi');
    await waitFor(() => expect(lastParams(calls)).toMatchObject({ search: 'kopi', page: '1' }));
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Inactive' }));
    await waitFor(() =>
      expect(lastParams(calls)).toMatchObject({ search: 'kopi', active: 'false', page: '1' }),
    );
    await user.click(screen.getByRole('combobox', { name: 'Branch' }));
    await user.click(await screen.findByRole('option', { name: 'Bandung' }));
    await waitFor(() =>
      expect(lastParams(calls)).toEqual({
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
      expect(lastParams(calls)).toEqual({ page: '1', limit: '10', by: 'id', sort: 'desc' }),
    );
  });

  it('should show a readable error with a retry that works', async () => {
    signIn();
    const { calls } = listApi({ failFirst: true });
    const user = userEvent.setup();
    renderList();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The list could not be loaded')).toBeInTheDocument();
    expect(within(alert).getByText(/Something went wrong on the server/)).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Gadget 1')).toBeInTheDocument();
    expect(listCalls(calls)).toHaveLength(2);
  });

  it('should show the empty state', async () => {
    signIn();
    listApi({ total: 0 });
    renderList();
    expect(await screen.findByText('No data yet.')).toBeInTheDocument();
  });

  it('should offer edit, delete and add only when the role allows them', async () => {
    signIn({ role_list: grants(['partner'], ['view']) });
    listApi();
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
