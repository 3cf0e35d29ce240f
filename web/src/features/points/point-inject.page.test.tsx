// The injection screen against a stubbed API: pasted codes are looked up (names and balances),
// the preview shows the balances after, the call credits the stored codes, and what the server
// refuses is shown next to the store it names.
import { screen, waitFor, within } from '@testing-library/react';
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

function api(opts: { refuse?: string[] } = {}) {
  return stubApi(({ url, method }) => {
    if (url.pathname.endsWith('/point/report/customer_balance')) {
      const q = (url.searchParams.get('search') ?? '').toUpperCase();
      const rows = STORES.filter((s) => s.customer_code.includes(q));
      return ok(rows, { page: 1, limit: 20, total_data: rows.length, total_page: 1 });
    }
    if (url.pathname.endsWith('/point/inject/') && method === 'POST') {
      if (opts.refuse) return fail(400, 'VALIDATION_ERROR', opts.refuse);
      return { status: 201, body: { data: { count: 2, points: 300, total_points: 600, ids: [10, 11] } } };
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
  // jsdom has no font loading API; Mantine's autosizing textarea listens to it.
  if (!document.fonts)
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener() {}, removeEventListener() {} },
    });
  initTestI18n();
  i18n.addResourceBundle('en', 'translation', { resources: points }, true, true);
  signIn();
});

describe('injecting points', () => {
  it('should look the codes up, preview the new balances and inject with the stored codes', async () => {
    const { calls } = api();
    const user = userEvent.setup();
    renderPage();
    await pasteAndPreview(user);
    expect(screen.getByTestId('inject-total')).toHaveTextContent('600');
    const table = screen.getByTestId('inject-selection');
    expect(within(table).getByText('1,500')).toBeInTheDocument();
    expect(within(table).getByText('350')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Inject points' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Inject points' }));
    await screen.findByText('Points injected');
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toMatchObject({
      customer_codes: ['BDG000001', 'BDG000002'],
      points: 300,
      reason: 'Programme bonus',
    });
  });

  it('should show what the server refused next to the store it names, and change nothing', async () => {
    api({ refuse: ['row 2: customer BDG000002 is outside your assigned branches'] });
    const user = userEvent.setup();
    renderPage();
    await pasteAndPreview(user);
    await user.click(screen.getByRole('button', { name: 'Inject points' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Inject points' }));
    await waitFor(() => {
      const row = within(screen.getByTestId('inject-selection')).getByText('BDG000002').closest('tr')!;
      expect(row).toHaveTextContent('outside your assigned branches');
    });
    expect(screen.getByText('The points were not injected; nothing was changed')).toBeInTheDocument();
    expect(screen.queryByText('Points injected')).toBeNull();
  });
});
