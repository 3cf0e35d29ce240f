// The customer page's waiting profile change: shown with what it replaces, approved after the
// confirmation (then gone), hidden without the update permission, worded in Indonesian and English.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { customerResources as en } from '../../i18n/en.customers';
import { customerResources as id } from '../../i18n/id.customers';
import { grants, i18n, initTestI18n, ok, Providers, signIn, stubApi } from '../../testing/test-utils';
import { CustomerProfileChange } from './customer-profile-change';

const record = { customer_id: 7, customer_name: 'Toko Maju' };
const change = {
  id: 3,
  customer_id: 7,
  owner_name: 'Bu Baru',
  address: null,
  photo_url: null,
  current_owner_name: 'Pak Lama',
  current_address: 'Jl. Lama 1',
  current_photo_url: '',
  status: 'pending',
  requested_at: '2026-11-20T03:00:00.000Z',
  decided_at: null,
  decided_by: null,
  note: '',
};

beforeEach(() => {
  initTestI18n();
  i18n.addResourceBundle('en', 'translation', { resources: en }, true, true);
  i18n.addResourceBundle('id', 'translation', { resources: id }, true, true);
  signIn();
});

describe('CustomerProfileChange', () => {
  it('should show the waiting change beside the current value, approve it after confirming, then hide', async () => {
    let waiting = true;
    const { calls } = stubApi(({ method, url }) => {
      if (method === 'GET' && url.pathname.endsWith('/customer/profile_change/id/7'))
        return ok(waiting ? change : null);
      if (method === 'PUT' && url.pathname.endsWith('/customer/profile_change/approve/7')) {
        waiting = false;
        return ok({ ...change, status: 'approved' });
      }
      return undefined;
    });
    const user = userEvent.setup();
    render(
      <Providers>
        <CustomerProfileChange record={record} />
      </Providers>,
    );
    const box = await screen.findByTestId('profile-change');
    expect(within(box).getByText('Profile change waiting for validation')).toBeInTheDocument();
    const row = within(box).getByRole('row', { name: /Owner/ });
    expect(within(row).getByText('Pak Lama')).toBeInTheDocument();
    expect(within(row).getByText('Bu Baru')).toBeInTheDocument();
    // Only the fields asked for are listed.
    expect(within(box).queryByText('Address')).toBeNull();

    await user.click(within(box).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/The new details of Toko Maju are applied/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByTestId('profile-change')).toBeNull());
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.url.pathname)).toEqual([
      '/v1/api/customer/profile_change/approve/7',
    ]);
  });

  it('should word it in Indonesian and hide the actions without the update permission', async () => {
    await i18n.changeLanguage('id');
    signIn({ role_list: grants(['customer'], ['view']) });
    stubApi(({ method }) => (method === 'GET' ? ok(change) : undefined));
    render(
      <Providers>
        <CustomerProfileChange record={record} />
      </Providers>,
    );
    const box = await screen.findByTestId('profile-change');
    expect(within(box).getByText('Perubahan profil menunggu validasi')).toBeInTheDocument();
    expect(within(box).getByText('Pemilik')).toBeInTheDocument();
    expect(within(box).queryByRole('button', { name: 'Setujui' })).toBeNull();
    expect(within(box).queryByRole('button', { name: 'Tolak' })).toBeNull();
  });

  it('should show nothing when no change waits', async () => {
    const { calls } = stubApi(() => ok(null));
    const { container } = render(
      <Providers>
        <CustomerProfileChange record={record} />
      </Providers>,
    );
    await waitFor(() => expect(calls.length).toBe(1));
    expect(container.querySelector('[data-testid="profile-change"]')).toBeNull();
  });
});
