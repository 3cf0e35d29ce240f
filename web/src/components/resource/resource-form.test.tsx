import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { gadgetResource, gadgetRow } from '../../testing/fake-resource';
import { initGadgetTexts, renderResourceScreen } from '../../testing/gadget-screens';
import { fail, ok, signIn, stubApi } from '../../testing/test-utils';
import { ResourceFormPage } from './resource-form.page';

const renderForm = (mode: 'create' | 'edit', path: string) =>
  renderResourceScreen(gadgetResource, <ResourceFormPage mode={mode} />, {
    path,
    route: mode === 'create' ? '/gadgets/new' : '/gadgets/:id/edit',
  });

const branches = [
  { branch_id: 1, name: 'Bandung' },
  { branch_id: 2, name: 'Bekasi' },
];

beforeEach(() => {
  initGadgetTexts();
  signIn();
});

const fieldError = (label: string) => {
  const input = screen.getAllByLabelText(new RegExp(`^${label}`)).find((e) => e.tagName === 'INPUT')!;
  const id = input
    .getAttribute('aria-describedby')
    ?.split(' ')
    .find((x) => x.endsWith('-error'));
  return id ? document.getElementById(id)?.textContent : null;
};

describe('resource form', () => {
  it('should show every validation message next to its field and send nothing', async () => {
    const { calls } = stubApi(({ url }) => (url.pathname.endsWith('/select') ? ok(branches) : undefined));
    const user = userEvent.setup();
    renderForm('create', '/gadgets/new');
    await user.type(screen.getByLabelText(/^Code/), 'bad code');
    await user.type(screen.getByLabelText(/^E-mail/), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fieldError('Name')).toBe('This field is required'));
    expect(fieldError('Code')).toBe('Capitals, digits and - only');
    expect(fieldError('E-mail')).toBe('Enter a valid e-mail address');
    expect(fieldError('Branch')).toBe('This field is required');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    // Required marks come from the contract's create schema.
    expect(screen.getByLabelText(/^Name/)).toBeRequired();
    expect(screen.getByLabelText(/^E-mail/)).not.toBeRequired();
  });

  it('should show the server error in place, next to the field it names, and keep what was typed', async () => {
    let posted: unknown = null;
    stubApi(({ method, url, body }) => {
      if (url.pathname.endsWith('/select')) return ok(branches);
      if (method === 'POST') {
        posted = body;
        return fail(409, 'CONFLICT', ["code 'G-1' already exists"]);
      }
      return undefined;
    });
    const user = userEvent.setup();
    const { router } = renderForm('create', '/gadgets/new');
    await user.type(screen.getByLabelText(/^Name/), 'Kopi Kapal');
    await user.type(screen.getByLabelText(/^Code/), 'G-1');
    await user.click(screen.getByRole('combobox', { name: /^Branch/ }));
    await user.click(await screen.findByRole('option', { name: 'Bekasi' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The changes were not saved')).toBeInTheDocument();
    // Each problem said once: next to its field; the alert points there instead of repeating it.
    expect(within(alert).getByText('Check the fields marked in red.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText("code 'G-1' already exists")).toHaveLength(1));
    expect(posted).toEqual({ name: 'Kopi Kapal', code: 'G-1', email: '', branch_id: 2, active: true });
    await waitFor(() => expect(fieldError('Code')).toBe("code 'G-1' already exists"));
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Kopi Kapal');
    expect(screen.getByLabelText(/^Code/)).toHaveValue('G-1');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(router.state.location.pathname).toBe('/gadgets/new');
  });

  it('should load the record for editing and send the changes', async () => {
    let put: { path: string; body: unknown } | null = null;
    stubApi(({ method, url, body }) => {
      if (url.pathname.endsWith('/select')) return ok(branches);
      if (method === 'GET' && url.pathname.endsWith('/id/5')) return ok(gadgetRow(5));
      if (method === 'PUT') {
        put = { path: url.pathname, body };
        return ok({ ...gadgetRow(5), name: 'Renamed' });
      }
      return undefined;
    });
    const user = userEvent.setup();
    const { router } = renderForm('edit', '/gadgets/5/edit');
    const name = await screen.findByLabelText(/^Name/);
    expect(name).toHaveValue('Gadget 5');
    expect(screen.queryByLabelText(/^E-mail/)).toBeNull();
    await user.clear(name);
    await user.type(name, 'Renamed');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/gadgets/5'));
    expect(put).toEqual({
      path: '/v1/api/web/gadget/id/5',
      body: { name: 'Renamed', code: 'G-5', branch_id: 1, active: false },
    });
  });
});
