// A broadcast refused outside the user's branches: the reason under the audience field, and in the
// send dialog instead of the send button.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ActionButton } from '../../components/action/action-button';
import { ResourceFormPage } from '../../components/resource/resource-form.page';
import type { ResourceEntry } from '../../components/resource/types';
import { renderResourceScreen } from '../../testing/gadget-screens';
import { initTestI18n, renderAt, signIn, stubApi } from '../../testing/test-utils';
import { resource as broadcast } from './broadcast.resource';
import { broadcastsScreens } from './broadcasts.entries';

beforeEach(() => {
  localStorage.clear();
  initTestI18n();
  signIn();
});

describe('broadcast outside the branches', () => {
  const forbidden = (message: string, field?: string) => ({
    status: 403,
    body: {
      data: null,
      err_code: 'FORBIDDEN',
      err_msg: [message],
      err_detail: [{ code: 'audience_outside_scope', ...(field ? { field } : {}), message }],
    },
  });

  it('should show a refused audience under the audience field', async () => {
    stubApi(({ method, url }) =>
      method === 'POST' && url.pathname === '/v1/api/broadcast/add'
        ? forbidden(
            'audience: the audience reaches stores outside your assigned branches: Cabang Cimahi',
            'audience',
          )
        : undefined,
    );
    const user = userEvent.setup();
    const entry = broadcastsScreens.find((e) => e.name === 'broadcast') as ResourceEntry;
    renderResourceScreen(broadcast, <ResourceFormPage mode="create" />, {
      path: '/broadcasts/new',
      route: '/broadcasts/new',
      entry,
    });
    await user.type(await screen.findByLabelText(/^Title/), 'Info');
    await user.type(screen.getByLabelText(/^Message/), 'Pesan');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const shown = await screen.findByText(
      'the audience reaches stores outside your assigned branches: Cabang Cimahi',
    );
    const audience = screen.getAllByLabelText(/^Audience/).find((e) => e.tagName === 'INPUT')!;
    expect(audience.getAttribute('aria-describedby')).toContain(shown.id);
  });

  it('should say why a broadcast cannot be sent in the send dialog, and not offer to send it', async () => {
    const message =
      'This broadcast reaches stores outside your assigned branches (Cabang Cimahi); only a user who sees all of them may change, delete or send it';
    const { calls } = stubApi(({ url }) =>
      url.pathname === '/v1/api/broadcast/execute/7/preview' ? forbidden(message) : undefined,
    );
    const user = userEvent.setup();
    const row = { id: 7, title: 'Semua toko', status: 'draft' };
    renderAt(
      <ActionButton
        action={broadcast.actions![0]}
        name="broadcast"
        target={{ rows: [row], ids: [7], record: row, title: 'Semua toko' } as never}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /^Send to/ })).toBeDisabled();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});

describe('broadcast delivery figures', () => {
  it("should name each delivery figure in the user's language", async () => {
    stubApi(() => undefined);
    const Extra = broadcast.detail?.extra;
    if (!Extra) throw new Error('the broadcast page has no delivery figures');
    renderAt(
      <Extra
        record={{ id: 1, title: 'Info', message: 'Pesan' } as never}
        data={{ delivery_counts: { pending: 3, delivered: 136, read: 2, failed: 0 } }}
      />,
      { path: '/', route: '/' },
    );
    expect(await screen.findByText('Waiting: 3')).toBeInTheDocument();
    expect(screen.getByText('Read: 2')).toBeInTheDocument();
    expect(screen.queryByText(/pending|delivered/)).toBeNull();
    expect(screen.queryByText(/Failed/)).toBeNull();
  });
});
