// The content screens' own pieces: the promo order dialog (one call with the new order), the date
// range the news and video lists remember, the phone preview, and a broadcast refused outside the
// user's branches.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ActionButton } from '../../components/action/action-button';
import { ResourceFormPage } from '../../components/resource/resource-form.page';
import type { ResourceEntry } from '../../components/resource/types';
import { renderResourceScreen } from '../../testing/gadget-screens';
import { initTestI18n, ok, renderAt, signIn, stubApi } from '../../testing/test-utils';
import { resource as broadcast } from './broadcast.resource';
import { contentScreens } from './content.entries';
import { NewsPhonePreview, RememberRange, storedRange } from './content-shared';
import { resource as news } from './news.resource';
import { resource as promo } from './promo.resource';

beforeEach(() => {
  localStorage.clear();
  initTestI18n();
  signIn();
});

const promos = [
  { promo_id: 1, name: 'Ramadhan', description: '', image: '', priority: 1 },
  { promo_id: 2, name: 'Kopi', description: '', image: '', priority: 2 },
  { promo_id: 3, name: 'Sabun', description: '', image: '', priority: 3 },
];

describe('promo order', () => {
  it('should move a promo up and save the whole order in one call', async () => {
    const { calls } = stubApi((c) => {
      if (c.method === 'GET' && c.url.pathname.endsWith('/web/promo/select'))
        return ok({ list_promo: promos });
      if (c.method === 'PUT' && c.url.pathname.endsWith('/web/promo/priority')) return ok({ list_promo: [] });
      return undefined;
    });
    const Order = promo.listExtra!;
    const user = userEvent.setup();
    renderAt(<Order />);
    await user.click(screen.getByRole('button', { name: 'Change order' }));
    await user.click(await screen.findByRole('button', { name: 'Move Kopi up' }));
    await user.click(screen.getByRole('button', { name: 'Save order' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toEqual({ promo_ids: [2, 1, 3] });
  });
});

describe('remembered date range', () => {
  it('should keep the range of the URL in local storage and start the news list from it', async () => {
    expect(news.filterDefaults).toEqual({ active: 'true' });
    renderAt(<RememberRange />, { path: '/news?start_date=2030-01-01&end_date=2030-01-31', route: '/news' });
    await waitFor(() => expect(storedRange()).toEqual({ start_date: '2030-01-01', end_date: '2030-01-31' }));
    expect(news.filterDefaults).toEqual({ active: 'true', start_date: '2030-01-01', end_date: '2030-01-31' });
  });

  it('should forget the range when it is removed', async () => {
    localStorage.setItem(
      'lbo.content.range',
      JSON.stringify({ start_date: '2030-01-01', end_date: '2030-01-31' }),
    );
    renderAt(<RememberRange />, { path: '/news?start_date=&end_date=', route: '/news' });
    await waitFor(() => expect(storedRange()).toEqual({}));
  });

  it('should ignore a malformed stored range', () => {
    localStorage.setItem('lbo.content.range', '{"start_date":"yesterday","end_date":1}');
    expect(storedRange()).toEqual({});
    localStorage.setItem('lbo.content.range', 'not json');
    expect(storedRange()).toEqual({});
  });
});

describe('phone preview', () => {
  it('should show the news title, text and photo in a 360 px frame', () => {
    renderAt(
      <NewsPhonePreview
        record={{
          title: 'Libur',
          content: 'Gudang tutup',
          photo: '/uploads/news/x.png',
          start_date: '2030-01-01',
        }}
      />,
    );
    const frame = screen.getByTestId('phone-preview');
    expect(frame).toHaveTextContent('In the stores’ app');
    expect(screen.getByTestId('preview-title')).toHaveTextContent('Libur');
    expect(frame).toHaveTextContent('Gudang tutup');
    expect(frame.querySelector('img')?.getAttribute('src')).toBe('/uploads/news/x.png');
  });
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
    const entry = contentScreens.find((e) => e.name === 'broadcast') as ResourceEntry;
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
