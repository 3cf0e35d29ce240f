// Daily-use behaviour of the shared form: the server's message in the user's language
// next to its field and said once, numbers kept as typed, a warning before leaving unsaved changes,
// and signing in again in a dialog when the session ends at save time, then saving what was typed.

import { Id } from '@lbo/contract/common';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { getSession } from '../../app/session';
import { branchOptions, gadgetContract, gadgetLabels, gadgetResource } from '../../testing/fake-resource';
import { initGadgetTexts, renderResourceScreen } from '../../testing/gadget-screens';
import { fail, ok, signIn, stubApi } from '../../testing/test-utils';
import { SignInAgainDialog } from '../feedback/sign-in-dialog';
import { ResourceFormPage } from './resource-form.page';
import type { AnyResource } from './types';

// The gadget with a number that must be 0 or more (like a price, a cap or points).
const counted = {
  ...gadgetResource,
  contract: {
    ...gadgetContract,
    create: z.object({
      name: z.string().trim().min(1).max(50),
      code: z.string().trim().min(1),
      branch_id: Id,
      quantity: z.number().int().min(0),
    }),
  },
  form: {
    fields: [
      { name: 'name', widget: { kind: 'text' } },
      { name: 'code', widget: { kind: 'text' } },
      { name: 'branch_id', widget: { kind: 'select', source: branchOptions } },
      { name: 'quantity', widget: { kind: 'number', min: 0 } },
    ],
  },
} as unknown as AnyResource;

const branches = [{ branch_id: 1, name: 'Bandung' }];

beforeEach(() => {
  initGadgetTexts({ gadget: { ...gadgetLabels, fields: { ...gadgetLabels.fields, quantity: 'Quantity' } } });
  document.documentElement.lang = 'en';
  signIn();
});
afterEach(() => {
  document.documentElement.lang = 'en';
});

const renderCreate = (extra?: React.ReactNode) =>
  renderResourceScreen(
    counted,
    <>
      <ResourceFormPage mode="create" />
      {extra}
    </>,
    { path: '/gadgets/new', route: '/gadgets/new' },
  );

const fieldError = (label: RegExp) => {
  const input = screen.getAllByLabelText(label).find((e) => e.tagName === 'INPUT')!;
  const id = input
    .getAttribute('aria-describedby')
    ?.split(' ')
    .find((x) => x.endsWith('-error'));
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
};

async function fillValid(user: ReturnType<typeof userEvent.setup>, quantity = '3') {
  await user.type(screen.getByLabelText(/^Name/), 'Kopi Kapal');
  await user.type(screen.getByLabelText(/^Code/), 'G-1');
  await user.click(screen.getByRole('combobox', { name: /^Branch/ }));
  await user.click(await screen.findByRole('option', { name: 'Bandung' }));
  await user.type(screen.getByLabelText(/^Quantity/), quantity);
}

describe('server messages in the user language', () => {
  it('should ask in Indonesian and show the Indonesian message next to its field, once', async () => {
    document.documentElement.lang = 'id';
    const { calls } = stubApi(({ method, url }) => {
      if (url.pathname.endsWith('/select')) return ok(branches);
      if (method === 'POST')
        return {
          status: 400,
          body: {
            data: null,
            err_code: 'VALIDATION_ERROR',
            err_msg: ['quantity: minimal 1 rupiah per poin'],
            err_detail: [
              {
                code: 'min_rupiah_per_point',
                field: 'quantity',
                message: 'quantity: minimal 1 rupiah per poin',
              },
            ],
          },
        };
      return undefined;
    });
    const user = userEvent.setup();
    renderCreate();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fieldError(/^Quantity/)).toBe('minimal 1 rupiah per poin'));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.headers['Accept-Language']).toMatch(/^id\b/);
    // Once: not repeated in the alert (which points at the field) nor in a toast.
    expect(screen.getAllByText('minimal 1 rupiah per poin')).toHaveLength(1);
    expect(
      within(screen.getByRole('alert')).getByText('Check the fields marked in red.'),
    ).toBeInTheDocument();
  });
});

describe('number fields', () => {
  it('should refuse a negative number, keep it as typed and send nothing', async () => {
    const { calls } = stubApi(({ url }) => (url.pathname.endsWith('/select') ? ok(branches) : undefined));
    const user = userEvent.setup();
    renderCreate();
    await fillValid(user, '-5');
    await user.tab(); // blur: the old field clamped here
    expect(screen.getByLabelText(/^Quantity/)).toHaveValue('-5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fieldError(/^Quantity/)).toBe('Must be at least 0'));
    expect(screen.getByLabelText(/^Quantity/)).toHaveValue('-5');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});

describe('nothing typed is lost', () => {
  it('should ask before leaving a changed form, and stay when told to', async () => {
    stubApi(({ url }) => (url.pathname.endsWith('/select') ? ok(branches) : undefined));
    const user = userEvent.setup();
    const { router } = renderCreate();
    await user.type(screen.getByLabelText(/^Name/), 'Setengah diisi');
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay and keep editing' }));
    expect(router.state.location.pathname).toBe('/gadgets/new');
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Setengah diisi');
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', {
        name: 'Leave and discard',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/gadgets'));
  });

  it('should leave an untouched form without asking', async () => {
    stubApi(({ url }) => (url.pathname.endsWith('/select') ? ok(branches) : undefined));
    const user = userEvent.setup();
    const { router } = renderCreate();
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/gadgets'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('should sign in again in a dialog when the session ended and then save what was typed', async () => {
    let posts = 0;
    const bodies: unknown[] = [];
    const { calls } = stubApi(({ method, url, body, headers }) => {
      if (url.pathname.endsWith('/select')) return ok(branches);
      if (url.pathname.endsWith('/web/auth/refresh'))
        return fail(401, 'UNAUTHENTICATED', ['refresh refused']);
      if (url.pathname.endsWith('/web/auth') && method === 'POST')
        return ok({
          user_id: 1,
          name: 'Test Admin',
          email: 'admin@example.com',
          token: 'token-2',
          expired_date: new Date(Date.now() + 3600_000).toISOString(),
          role_list: getSessionRoles,
          refresh_token: 'refresh-token-2',
          role_group_id: 1,
          branch_scope: 'all',
        });
      if (method === 'POST' && url.pathname.endsWith('/web/gadget')) {
        posts++;
        bodies.push(body);
        if (headers.Authorization !== 'Bearer token-2') return fail(401, 'UNAUTHENTICATED', ['expired']);
        return { status: 201, body: { data: { gadget_id: 77, id: 77, name: 'Kopi Kapal' } } };
      }
      return undefined;
    });
    const getSessionRoles = getSession()!.role_list;
    const user = userEvent.setup();
    const { router } = renderCreate(<SignInAgainDialog />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign in again' });
    // The form and what was typed are still there under the dialog.
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Kopi Kapal');
    await user.type(within(dialog).getByLabelText(/^Password/), 'admin123');
    await user.click(within(dialog).getByRole('button', { name: 'Sign in and save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/gadgets/77'));
    expect(posts).toBe(2);
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[1]).toMatchObject({ name: 'Kopi Kapal', code: 'G-1', quantity: 3 });
    expect(getSession()?.token).toBe('token-2');
    const login = calls.find((c) => c.url.pathname.endsWith('/web/auth') && c.method === 'POST');
    expect(login?.body).toEqual({ email: 'admin@example.com', password: 'admin123' });
  });
});
