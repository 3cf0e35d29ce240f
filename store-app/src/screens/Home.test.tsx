// The home: balance and this month against the cap; answers kept by the service worker from the
// last connection come with the offline notice and its time; each popup is shown once; an
// unreachable server is said, with a retry, never an endless wait.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { App } from '../App';
import { SAVED_AT_HEADER } from '../lib/api';
import { clearData } from '../lib/data';
import { saveSession } from '../lib/session';
import { feed, homeAnswers, inboxMeta, json, me, ok, session, stubFetch } from '../testing/fetch';

beforeEach(() => {
  saveSession(session);
  window.history.replaceState(null, '', '/app/');
});

describe('home', () => {
  it('should show the balance and this month against the cap, with no offline notice when online', async () => {
    stubFetch((c) => homeAnswers(c) ?? json(404, {}));
    render(<App />);
    expect(await screen.findByTestId('balance')).toHaveTextContent('1.250 poin');
    expect(screen.getByText('300 dari batas 1.000 poin')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Poin bulan ini' })).toHaveAttribute(
      'aria-valuenow',
      '300',
    );
    expect(screen.queryByTestId('offline-notice')).toBeNull();
  });

  it('should say that answers kept from the last connection are from then, in the chosen language', async () => {
    const savedAt = '2026-11-27T07:05:00.000Z'; // 14.05 in Jakarta
    stubFetch((c) => {
      if (c.path === '/store/me') return ok(me, undefined, { [SAVED_AT_HEADER]: savedAt });
      if (c.path === '/store/feed') return ok(feed, undefined, { [SAVED_AT_HEADER]: savedAt });
      if (c.path.startsWith('/store/inbox')) return ok([], inboxMeta, { [SAVED_AT_HEADER]: savedAt });
      return json(404, {});
    });
    const user = userEvent.setup();
    render(<App />);
    const notice = await screen.findByTestId('offline-notice');
    expect(notice).toHaveTextContent(
      /Anda sedang offline\. Data ini dari koneksi terakhir \(27 Nov 2026.*14[.:]05\)/,
    );
    expect(screen.getByTestId('balance')).toHaveTextContent('1.250');
    await user.click(screen.getByRole('button', { name: 'Ganti bahasa ke English' }));
    expect(screen.getByTestId('offline-notice')).toHaveTextContent(
      /You are offline\. This is from your last connection \(27 Nov 2026.*14:05\)/,
    );
    expect(screen.getByTestId('balance')).toHaveTextContent('1,250 points');
  });

  it('should say the server cannot be reached, with a retry that loads the balance', async () => {
    let up = false;
    stubFetch((c) => {
      if (!up) throw new TypeError('Failed to fetch');
      return homeAnswers(c) ?? json(404, {});
    });
    const user = userEvent.setup();
    render(<App />);
    const alerts = await screen.findAllByRole('alert');
    expect(alerts[0]).toHaveTextContent('Tidak ada koneksi internet');
    up = true;
    await user.click(screen.getAllByRole('button', { name: 'Coba lagi' })[0]);
    expect(await screen.findByTestId('balance')).toHaveTextContent('1.250');
  });

  it('should show each popup once', async () => {
    const withPopup = {
      ...feed,
      popups: [
        {
          id: 3,
          title: 'Promo akhir tahun',
          photo_url: '',
          link: '',
          start_date: '2026-11-01',
          end_date: '2026-12-31',
        },
      ],
    };
    stubFetch((c) => (c.path === '/store/feed' ? ok(withPopup) : (homeAnswers(c) ?? json(404, {}))));
    const user = userEvent.setup();
    const first = render(<App />);
    const dialog = await screen.findByRole('dialog', { name: 'Promo akhir tahun' });
    await user.click(screen.getByRole('button', { name: 'Tutup' }));
    expect(dialog).not.toBeInTheDocument();
    first.unmount();
    clearData();
    render(<App />);
    await screen.findByTestId('balance');
    await waitFor(() => expect(screen.getByText('Belum ada berita.')).toBeInTheDocument());
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
