// Redeeming: a confirmation naming the points and the balance after; a lost connection keeps the
// Idempotency-Key, so the retry (even after the app was closed) is the same redemption, never a
// second debit; a refusal is said in the dialog and ends the key.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { App } from '../App';
import { clearData } from '../lib/data';
import { pendingKey } from '../lib/redeem';
import { saveSession } from '../lib/session';
import { type Call, homeAnswers, me, ok, problem, session, stubFetch } from '../testing/fetch';

const coupon = {
  id: 42,
  name: 'Payung Cantik',
  description: 'Payung lipat',
  photo_url: '',
  points_required: 500,
  stock: 9,
  start_date: '2026-01-01',
  end_date: '2026-12-31',
};
const redemption = {
  id: 900,
  coupon_id: 42,
  coupon_name: 'Payung Cantik',
  photo_url: '',
  points: 500,
  status: 'redeemed',
  redeemed_at: '2026-11-27T03:00:00.000Z',
  delivered_at: null,
  reverted_at: null,
};

beforeEach(() => {
  saveSession(session);
  window.history.replaceState(null, '', '/app/coupons');
});

function server(redeem: (c: Call) => Response) {
  return stubFetch((c) => {
    if (c.method === 'POST' && c.path === '/store/coupons/42/redeem') return redeem(c);
    if (c.path === '/store/coupons') return ok([coupon]);
    if (c.path.startsWith('/store/redemptions'))
      return ok([], { page: 1, limit: 30, total_data: 0, total_page: 0 });
    return homeAnswers(c) ?? problem(404, 'NOT_FOUND', [{ message: 'no' }]);
  });
}

async function openConfirm() {
  const user = userEvent.setup();
  const view = render(<App />);
  await user.click(await screen.findByRole('button', { name: 'Tukar Payung Cantik' }));
  const dialog = await screen.findByRole('dialog', { name: 'Tukar kupon?' });
  return { user, dialog, view };
}

const redeemCalls = (calls: Call[]) => calls.filter((c) => c.method === 'POST' && c.path.endsWith('/redeem'));

describe('redeeming a coupon', () => {
  it('should name the points and the balance after, and send nothing until confirmed', async () => {
    const calls = server(() => ok({ ...redemption, point_balance: 750 }));
    const { user, dialog } = await openConfirm();
    expect(dialog).toHaveTextContent(
      'Payung Cantik ditukar dengan 500 poin. Sisa saldo Anda menjadi 750 poin.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Batal' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(redeemCalls(calls)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Tukar Payung Cantik' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Ya, tukar 500 poin' }));
    expect(
      await screen.findByText('Payung Cantik berhasil ditukar. Saldo Anda sekarang 750 poin.'),
    ).toBeInTheDocument();
    expect(redeemCalls(calls)).toHaveLength(1);
    expect(redeemCalls(calls)[0].headers['idempotency-key']).toMatch(/^[\x21-\x7e]{8,100}$/);
    expect(pendingKey(42)).toBeUndefined();
  });

  it('should retry a redemption whose answer was lost with the same Idempotency-Key', async () => {
    let attempt = 0;
    const calls = server(() => {
      attempt++;
      if (attempt === 1) throw new TypeError('Failed to fetch');
      return ok({ ...redemption, point_balance: 750 });
    });
    const { user, dialog } = await openConfirm();
    await user.click(within(dialog).getByRole('button', { name: 'Ya, tukar 500 poin' }));
    expect(await within(dialog).findByText(/Koneksi terputus sebelum ada jawaban/)).toBeInTheDocument();
    expect(
      within(dialog).getByText('Coba lagi: poin Anda tidak akan terpotong dua kali.'),
    ).toBeInTheDocument();
    const key = redeemCalls(calls)[0].headers['idempotency-key'];
    expect(pendingKey(42)).toBe(key);

    await user.click(within(dialog).getByRole('button', { name: 'Coba lagi' }));
    await screen.findByText(/berhasil ditukar/);
    expect(redeemCalls(calls).map((c) => c.headers['idempotency-key'])).toEqual([key, key]);
    expect(pendingKey(42)).toBeUndefined();
  });

  it('should keep the key when the app is closed after a lost answer, and reuse it on the next try', async () => {
    let attempt = 0;
    const calls = server(() => {
      attempt++;
      if (attempt === 1) throw new TypeError('Failed to fetch');
      return ok({ ...redemption, point_balance: 750 });
    });
    const first = await openConfirm();
    await first.user.click(within(first.dialog).getByRole('button', { name: 'Ya, tukar 500 poin' }));
    await within(first.dialog).findByText(/Koneksi terputus/);
    const key = redeemCalls(calls)[0].headers['idempotency-key'];
    // The app is closed and opened again: the store confirms the same coupon once more.
    first.view.unmount();
    clearData();
    const again = await openConfirm();
    await again.user.click(within(again.dialog).getByRole('button', { name: 'Ya, tukar 500 poin' }));
    await screen.findByText(/berhasil ditukar/);
    expect(redeemCalls(calls).map((c) => c.headers['idempotency-key'])).toEqual([key, key]);
  });

  it("should show the server's refusal in the dialog and start afresh on the next try", async () => {
    let attempt = 0;
    const calls = server(() => {
      attempt++;
      if (attempt === 1) {
        return problem(409, 'CONFLICT', [
          { field: 'coupon_id', message: 'stok habis: kupon Payung Cantik tidak tersisa' },
        ]);
      }
      return ok({ ...redemption, point_balance: 750 });
    });
    const { user, dialog } = await openConfirm();
    await user.click(within(dialog).getByRole('button', { name: 'Ya, tukar 500 poin' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'stok habis: kupon Payung Cantik tidak tersisa',
    );
    expect(pendingKey(42)).toBeUndefined();
    await user.click(within(dialog).getByRole('button', { name: 'Ya, tukar 500 poin' }));
    await screen.findByText(/berhasil ditukar/);
    const [k1, k2] = redeemCalls(calls).map((c) => c.headers['idempotency-key']);
    expect(k1).not.toBe(k2);
  });

  it('should not offer a coupon that costs more than the balance', async () => {
    stubFetch((c) => {
      if (c.path === '/store/me') return ok({ ...me, point_balance: 100 });
      if (c.path === '/store/coupons') return ok([coupon]);
      return homeAnswers(c) ?? problem(404, 'NOT_FOUND', [{ message: 'no' }]);
    });
    render(<App />);
    expect(await screen.findByRole('button', { name: 'Poin belum cukup' })).toBeDisabled();
  });
});
