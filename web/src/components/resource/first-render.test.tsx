// A list's first screen is drawn once: its rows are not drawn a second time by an effect
// that only confirms what the first render had (an empty selection made anew, a media query read
// late), and a column the window is too narrow for is never drawn.
import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { gadgetEntry, gadgetResource } from '../../testing/fake-resource';
import {
  gadgetListCalls,
  initGadgetTexts,
  renderGadgetList,
  stubGadgetList,
} from '../../testing/gadget-screens';
import { renderAt, signIn, testQueryClient } from '../../testing/test-utils';
import { lazyResource } from './resource-routes';
import type { AnyResource, Row } from './types';

beforeEach(() => initGadgetTexts());

/** The gadget list with its name and code drawn through counters: column:id → times drawn. */
function countedGadgets(visibleFrom?: 'xl'): { resource: AnyResource; drawn: Map<string, number> } {
  const drawn = new Map<string, number>();
  const counted = (key: string) => (r: Row) => {
    const at = `${key}:${String(r.gadget_id)}`;
    drawn.set(at, (drawn.get(at) ?? 0) + 1);
    return String(r[key]);
  };
  const resource: AnyResource = {
    ...gadgetResource,
    columns: [
      { key: 'name', sortKey: 'name', render: counted('name') },
      { key: 'code', sortKey: 'code', render: counted('code'), visibleFrom },
    ],
  };
  return { resource, drawn };
}

const settle = () => new Promise((r) => setTimeout(r, 50));

describe("a list's first screen", () => {
  it('should show the page a load ahead brought in its first render, each row drawn once, asked for once', async () => {
    signIn();
    const { calls } = stubGadgetList();
    const { resource, drawn } = countedGadgets();
    // As the router's loader does for the app's first screen (app/layout/app-routes.tsx).
    const Screen = lazyResource({ ...gadgetEntry, name: 'gadget_ahead', load: async () => ({ resource }) });
    // Fresh for a while, as the app's cache keeps answers (app/layout/providers.tsx).
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
    await Promise.all([Screen.preload(), Screen.prefetch?.(client, '', new URLSearchParams('page=2'))]);
    renderAt(<Screen />, { path: '/gadgets?page=2', route: '/gadgets/*', client });
    // Already in the first render: no fallback, no loading state.
    expect(screen.getByText('Gadget 11')).toBeInTheDocument();
    await settle();
    expect(drawn.get('name:11')).toBe(1);
    expect(drawn.get('code:11')).toBe(1);
    expect(gadgetListCalls(calls)).toHaveLength(1);
  });

  it('should not load a page ahead for a screen other than the list, nor without the right to see it', async () => {
    signIn({ role_list: [] });
    const { calls } = stubGadgetList();
    const Screen = lazyResource({ ...gadgetEntry, name: 'gadget_ahead_denied' });
    const client = testQueryClient();
    await Screen.prefetch?.(client, '', new URLSearchParams());
    signIn();
    await Screen.prefetch?.(client, '7/edit', new URLSearchParams());
    expect(gadgetListCalls(calls)).toHaveLength(0);
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });

  it('should never draw a column the window is too narrow for (test windows are under xl)', async () => {
    signIn();
    stubGadgetList();
    const { resource, drawn } = countedGadgets('xl');
    renderGadgetList(resource);
    expect(await screen.findByText('Gadget 1')).toBeInTheDocument();
    await settle();
    expect(drawn.get('name:1')).toBe(1);
    expect(drawn.has('code:1')).toBe(false);
    expect(document.querySelector('th[data-accessor="code"]')).toBeNull();
  });
});
