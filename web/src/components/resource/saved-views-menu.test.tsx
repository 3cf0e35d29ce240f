// The saved-view menu every list has: opening a view applies its filters, sort and columns; saving
// sends the list's current state under a name; a taken name is said next to the name field.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  initGadgetTexts,
  lastListParams,
  renderGadgetList,
  stubGadgetList,
} from '../../testing/gadget-screens';
import { fail, ok, signIn } from '../../testing/test-utils';

const view = {
  id: 7,
  list: 'gadget',
  name: 'Bandung by code',
  state: {
    filters: { branch_id: '1' },
    search: 'gad',
    sort: { by: 'code', dir: 'asc' },
    columns: ['name', 'code'],
  },
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

beforeEach(() => {
  initGadgetTexts();
  localStorage.clear();
});

describe('saved views', () => {
  it('opens a saved view: its filters, search, sort and columns', async () => {
    signIn();
    const { calls } = stubGadgetList({
      other: ({ url, method }) =>
        url.pathname.endsWith('/web/saved_view/') && method === 'GET' ? ok([view]) : undefined,
    });
    const user = userEvent.setup();
    const { router } = renderGadgetList();
    await screen.findByText('Gadget 1');
    // Nothing is asked for before the menu is opened.
    expect(calls.some((c) => c.url.pathname.endsWith('/web/saved_view/'))).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Views' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Bandung by code' }));
    await waitFor(() =>
      expect(lastListParams(calls)).toMatchObject({ branch_id: '1', search: 'gad', by: 'code', sort: 'asc' }),
    );
    expect(router.state.location.search).toContain('branch_id=1');
    // The column left out of the view is hidden.
    expect(document.querySelector('th[data-accessor="active"]')).toBeNull();
    const asked = calls.find((c) => c.url.pathname.endsWith('/web/saved_view/'));
    expect(asked?.url.searchParams.get('list')).toBe('gadget');
  });

  it('saves the current state under a name, and shows a taken name at the field', async () => {
    signIn();
    let posts = 0;
    const { calls } = stubGadgetList({
      other: ({ url, method }) => {
        if (!url.pathname.endsWith('/web/saved_view/') && !url.pathname.endsWith('/web/saved_view'))
          return undefined;
        if (method === 'GET') return ok([]);
        posts++;
        return posts === 1
          ? fail(409, 'CONFLICT', ["saved view 'Weekly' already exists"])
          : { status: 201, body: { data: { ...view, name: 'Weekly 2' } } };
      },
    });
    const user = userEvent.setup();
    renderGadgetList(undefined, '/gadgets?branch_id=1&by=name&sort=asc');
    await screen.findByText('Gadget 1');
    await user.click(screen.getByRole('button', { name: 'Views' }));
    expect(await screen.findByText('No saved view yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Save this view…' }));
    await user.type(await screen.findByLabelText('Name'), 'Weekly');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText("saved view 'Weekly' already exists")).toBeInTheDocument();
    const post = calls.filter((c) => c.method === 'POST').at(-1)!;
    expect(post.body).toEqual({
      list: 'gadget',
      name: 'Weekly',
      state: {
        filters: { branch_id: '1' },
        search: '',
        sort: { by: 'name', dir: 'asc' },
        columns: ['name', 'code', 'active'],
        limit: 10,
      },
    });
    await user.type(screen.getByLabelText('Name'), ' 2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByLabelText('Name')).toBeNull());
    expect((calls.filter((c) => c.method === 'POST').at(-1)!.body as { name: string }).name).toBe('Weekly 2');
  });
});
