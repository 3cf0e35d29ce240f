// A resource's default filters on its list screen: applied from the start and shown in the filter
// bar; removing one is written into the URL (so reload and Back keep it removed); reset goes back
// to the defaults.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { gadgetResource, gadgetRow } from '../../testing/fake-resource';
import {
  initGadgetTexts,
  lastListParams,
  renderGadgetList,
  stubGadgetList,
} from '../../testing/gadget-screens';
import { signIn } from '../../testing/test-utils';
import type { AnyResource } from './types';

const activeByDefault: AnyResource = { ...gadgetResource, filterDefaults: { active: 'true' } };

const listApi = () => stubGadgetList({ rows: [gadgetRow(2), gadgetRow(4)] });
const renderList = (path?: string) => renderGadgetList(activeByDefault, path);

beforeEach(() => {
  initGadgetTexts();
  signIn();
});

describe('filter defaults', () => {
  it('should list with the default applied and show it in the filter bar', async () => {
    const { calls } = listApi();
    const { router } = renderList();
    await screen.findByText('Gadget 2');
    expect(lastListParams(calls)).toMatchObject({ active: 'true' });
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('Active');
    expect(router.state.location.search).toBe('');
    // Nothing to reset while the list is where it starts.
    expect(screen.queryByRole('button', { name: 'Back to the default filters' })).not.toBeInTheDocument();
  });

  it('should remove the default, keep it removed in the URL, and reset back to it', async () => {
    const { calls } = listApi();
    const user = userEvent.setup();
    const { router } = renderList();
    await screen.findByText('Gadget 2');
    const status = screen.getByRole('combobox', { name: 'Status' });
    // Mantine's clear button sits beside the input.
    const clear = status.parentElement!.querySelector('button')!;
    await user.click(clear);
    await waitFor(() => expect(lastListParams(calls)).not.toHaveProperty('active'));
    expect(router.state.location.search).toBe('?active=');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Back to the default filters' }));
    await waitFor(() => expect(lastListParams(calls)).toMatchObject({ active: 'true' }));
    expect(router.state.location.search).toBe('');
  });

  it('should open a link with the default removed without it', async () => {
    const { calls } = listApi();
    renderList('/gadgets?active=');
    await screen.findByText('Gadget 2');
    expect(lastListParams(calls)).not.toHaveProperty('active');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('');
  });
});
