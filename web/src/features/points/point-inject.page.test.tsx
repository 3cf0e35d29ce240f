// The injection screen against a stubbed API: pasted codes are looked up (names and balances),
// the preview checks the list with the import pipeline's dry run and shows the balances after, the
// call credits the stored codes, and what the server refuses is shown next to the store it names.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ResourceScope } from '../../components/resource/resource-scope';
import { messages as points } from '../../i18n/en.points';
import { fail, i18n, initTestI18n, ok, renderAt, signIn, stubApi } from '../../testing/test-utils';
import { PointInjectPage } from './point-inject.page';
import { resource } from './point-injected.resource';
import { pointEntries } from './points.entries';

const STORES = [
  {
    customer_code: 'BDG000001',
    customer_name: 'Toko Satu',
    branch_name: 'Cabang Bandung',
    point_balance: 1200,
  },
  { customer_code: 'BDG000002', customer_name: 'Toko Dua', branch_name: 'Cabang Bandung', point_balance: 50 },
].map((s, i) => ({ ...s, id: i + 1, customer_id: i + 1 }));

/** A row the pipeline refuses: its number, the status, and its message in the answer's language. */
type Refusal = { row: number; status?: 400 | 403; message: string };

function api(opts: { refuse?: Refusal[] } = {}) {
  return stubApi(({ url, method, body }) => {
    if (url.pathname.endsWith('/point/report/customer_balance')) {
      const q = (url.searchParams.get('search') ?? '').toUpperCase();
      const rows = STORES.filter((s) => s.customer_code.includes(q));
      return ok(rows, { page: 1, limit: 20, total_data: rows.length, total_page: 1 });
    }
    if (url.pathname.endsWith('/point/inject/') && method === 'POST') {
      const b = body as { rows: { customer_code: string }[]; dry_run?: boolean };
      const refused = (opts.refuse ?? []).filter((m) =>
        b.rows.some((r) => m.message.includes(r.customer_code)),
      );
      if (refused.length > 0) {
        const status = refused[0].status ?? 400;
        return fail(
          status,
          status === 403 ? 'FORBIDDEN' : 'VALIDATION_ERROR',
          refused.map((r) => r.message),
          refused.map((r) => ({
            code: 'outside_scope',
            field: 'customer_code',
            row: r.row,
            message: r.message,
          })),
        );
      }
      const n = b.rows.length;
      const data = { inserted: n, updated: 0, unchanged: 0, count: n, points: 300, total_points: 300 * n };
      return {
        status: 201,
        body: {
          data: b.dry_run ? { ...data, ids: [], dry_run: true } : { ...data, ids: [10, 11].slice(0, n) },
        },
      };
    }
    return ok([]);
  });
}

function renderPage() {
  const entry = pointEntries.find((e) => e.name === 'point_injected')!;
  return renderAt(
    <ResourceScope resource={resource} entry={entry}>
      <PointInjectPage />
    </ResourceScope>,
    { path: '/injected-points/new', route: '/injected-points/new' },
  );
}

async function pasteAndPreview(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('tab', { name: 'Paste codes' }));
  await user.type(screen.getByLabelText('Store codes'), 'bdg000001, BDG000002, NOPE');
  await user.click(screen.getByRole('button', { name: 'Add 3 codes' }));
  await screen.findByText('Toko Dua');
  await screen.findByText('No store has this code');
  expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  await user.click(screen.getByRole('button', { name: 'Remove the codes not found' }));
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await user.type(screen.getByLabelText(/Points for each store/), '300');
  await user.type(screen.getByLabelText(/Reason/), 'Programme bonus');
  await user.click(screen.getByRole('button', { name: 'Preview' }));
  await screen.findByTestId('inject-total');
}

beforeEach(() => {
  initTestI18n();
  i18n.addResourceBundle('en', 'translation', { resources: points }, true, true);
  signIn();
});

describe('injecting points', () => {
  it("should name the search picker's tick boxes in the user's language", async () => {
    api();
    renderPage();
    await screen.findByText('Toko Dua');
    expect(screen.queryAllByRole('checkbox', { name: /select (all )?record/i })).toEqual([]);
    expect(screen.getByRole('checkbox', { name: 'Choose every store on this page' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Choose this store: BDG000002' })).toBeInTheDocument();
  });

  it('should look the codes up, check them with a dry run, preview the new balances and inject', async () => {
    const { calls } = api();
    const user = userEvent.setup();
    renderPage();
    await pasteAndPreview(user);
    expect(screen.getByTestId('inject-total')).toHaveTextContent('600');
    await screen.findByText('Checked with the server: all 2 stores can get the points.');
    const table = screen.getByTestId('inject-selection');
    expect(within(table).getByText('1,500')).toBeInTheDocument();
    expect(within(table).getByText('350')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Inject points' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Inject points' }));
    await screen.findByText('Points injected');
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((p) => (p.body as { dry_run?: boolean }).dry_run)).toEqual([true, undefined]);
    expect(posts[1].body).toEqual({
      rows: [{ customer_code: 'BDG000001' }, { customer_code: 'BDG000002' }],
      points: 300,
      reason: 'Programme bonus',
      reference: '',
      entry_date: expect.any(String),
    });
  });

  it('should show what the dry run refused next to the store it names, and inject once it is removed', async () => {
    const { calls } = api({
      refuse: [{ row: 2, message: 'row 2: customer BDG000002 is outside your assigned branches' }],
    });
    const user = userEvent.setup();
    renderPage();
    await pasteAndPreview(user);
    await screen.findByText('1 code refused by the server');
    const row = within(screen.getByTestId('inject-selection')).getByText('BDG000002').closest('tr')!;
    expect(row).toHaveTextContent('customer BDG000002 is outside your assigned branches');
    expect(screen.getByRole('button', { name: 'Inject points' })).toBeDisabled();
    expect(calls.filter((c) => c.method === 'POST' && !(c.body as { dry_run?: boolean }).dry_run)).toEqual(
      [],
    );

    await user.click(screen.getByRole('button', { name: 'Remove the codes not found' }));
    await screen.findByText('Checked with the server: 1 store can get the points.');
    await user.click(screen.getByRole('button', { name: 'Inject points' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Inject points' }));
    await screen.findByText('Points injected');
    const last = calls.filter((c) => c.method === 'POST').at(-1)!;
    expect(last.body).toMatchObject({ rows: [{ customer_code: 'BDG000001' }] });
  });

  it('should mark the store of an Indonesian 403 answer (outside the user branches)', async () => {
    api({
      refuse: [
        {
          row: 2,
          status: 403,
          message: 'baris 2: Pelanggan BDG000002 milik cabang di luar cabang yang ditugaskan kepada Anda',
        },
      ],
    });
    const user = userEvent.setup();
    renderPage();
    await pasteAndPreview(user);
    await screen.findByText('1 code refused by the server');
    const row = within(screen.getByTestId('inject-selection')).getByText('BDG000002').closest('tr')!;
    expect(row).toHaveTextContent(
      'Pelanggan BDG000002 milik cabang di luar cabang yang ditugaskan kepada Anda',
    );
    expect(row).not.toHaveTextContent('baris 2');
    expect(screen.getByRole('button', { name: 'Inject points' })).toBeDisabled();
  });
});
