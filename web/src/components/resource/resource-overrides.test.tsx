// The per-resource slots of the list screen: per-record edit/delete (canEdit / canDelete), the
// resource's own wording (resources.<name>.texts), its notice, export-only columns, and refreshing
// the other screens over the same data (invalidates).
import { useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { resourceKeys } from '../../app/query-keys';
import { gadgetEntry, gadgetLabels, gadgetResource, gadgetRow } from '../../testing/fake-resource';
import { i18n, initTestI18n, ok, renderAt, signIn, stubApi } from '../../testing/test-utils';
import { ResourceListPage } from './resource-list.page';
import { ResourceScope } from './resource-scope';
import type { AnyResource } from './types';

const ledger: AnyResource = {
  ...gadgetResource,
  columns: [...gadgetResource.columns, { key: 'code', exportOnly: true }].filter(
    (c, i) => !(c.key === 'code' && i === 1),
  ),
  // Only even rows may change, as a ledger lets staff rows change and not system rows.
  canEdit: (r) => Number(r.gadget_id) % 2 === 0,
  canDelete: (r) => Number(r.gadget_id) % 2 === 0,
  invalidates: ['other_screen'],
};

let otherFetches = 0;
/** Stands for another screen over the same data, cached under its own name. */
function OtherScreen() {
  useQuery({
    queryKey: resourceKeys('other_screen').list({}),
    queryFn: () => {
      otherFetches++;
      return otherFetches;
    },
  });
  return null;
}

function api() {
  return stubApi(({ url, method }) => {
    if (url.pathname.endsWith('/web/branch/select')) return ok([]);
    if (method === 'DELETE') return ok({ id: 2 });
    if (url.pathname.endsWith('/web/gadget/'))
      return ok(
        { list_gadget: [gadgetRow(1), gadgetRow(2)] },
        { page: 1, limit: 10, total_data: 2, total_page: 1 },
      );
    return undefined;
  });
}

beforeEach(() => {
  initTestI18n();
  otherFetches = 0;
  i18n.addResourceBundle(
    'en',
    'translation',
    {
      resources: {
        gadget: {
          ...gadgetLabels,
          notice: 'Rules apply to gadgets made later.',
          texts: {
            edit: 'Correct',
            delete: 'Void',
            deleteTitle: 'Void this gadget?',
            deleteMessage: '“{{name}}” stays, marked void.',
            deleted: '“{{name}}” was voided.',
          },
        },
      },
    },
    true,
    true,
  );
});

describe('resource list overrides', () => {
  it('should offer edit and delete only on the rows the resource allows, in its own words', async () => {
    signIn();
    const { calls } = api();
    const user = userEvent.setup();
    renderAt(
      <ResourceScope resource={ledger} entry={gadgetEntry}>
        <OtherScreen />
        <ResourceListPage />
      </ResourceScope>,
      { path: '/gadgets', route: '/gadgets' },
    );
    await screen.findByText('Gadget 2');
    expect(screen.getByText('Rules apply to gadgets made later.')).toBeInTheDocument();
    // The export-only column is not on screen.
    expect(document.querySelector('th[data-accessor="code"]')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Correct: Gadget 1' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Void: Gadget 1' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Correct: Gadget 2' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Void: Gadget 2' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('“Gadget 2” stays, marked void.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Void' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    // The other screen's cache was refreshed too.
    await waitFor(() => expect(otherFetches).toBe(2));
  });
});
