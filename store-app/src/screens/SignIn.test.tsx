// Sign-in: the number, then the code; resend only after the wait; each refusal next to its field
// in the store's language; a number owning several stores chooses one; signed in, the home shows.
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../App';
import { getSession } from '../lib/session';
import { type Call, homeAnswers, json, ok, problem, session, stubFetch } from '../testing/fetch';
import { RESEND_WAIT_S } from './SignIn';

beforeEach(() => {
  window.history.replaceState(null, '', '/app/');
});

describe('sign-in', () => {
  it('should send the number, then sign in with the code and show the home', async () => {
    const calls = stubFetch((c) => {
      if (c.path === '/store/auth/otp') return json(202, { data: { sent: true, expires_in: 300 } });
      if (c.path === '/store/auth') return ok(session);
      return homeAnswers(c) ?? json(404, {});
    });
    const user = userEvent.setup();
    render(<App />);
    expect(screen.queryByRole('alert')).toBeNull();
    await user.type(screen.getByLabelText('Nomor HP'), '0812 3456 7890');
    await user.click(screen.getByRole('button', { name: 'Kirim kode' }));
    await user.type(await screen.findByLabelText('Kode 6 angka'), '123456');
    // Nothing went wrong: nothing is said to have.
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Masuk' }));
    expect(await screen.findByTestId('balance')).toHaveTextContent('1.250');
    expect(getSession()?.token).toBe('tok-1');
    const otp = calls.find((c) => c.path === '/store/auth/otp') as Call;
    expect(otp.body).toEqual({ phone_number: '0812 3456 7890' });
    expect(otp.headers.authorization).toBeUndefined();
    expect(calls.find((c) => c.path === '/store/auth')?.body).toEqual({
      phone_number: '0812 3456 7890',
      code: '123456',
    });
    // Signed-in calls carry the token and ask for Indonesian answers.
    const meCall = calls.find((c) => c.path === '/store/me') as Call;
    expect(meCall.headers.authorization).toBe('Bearer tok-1');
    expect(meCall.headers['accept-language']).toBe('id');
  });

  it("should show the server's refusal under the field it names, in the chosen language", async () => {
    const calls = stubFetch((c) => {
      if (c.path === '/store/auth/otp') {
        return problem(400, 'VALIDATION_ERROR', [
          { field: 'phone_number', message: 'phone_number: must be a phone number' },
        ]);
      }
      return json(404, {});
    });
    const user = userEvent.setup();
    render(<App />);
    await user.click(screen.getByRole('button', { name: 'Ganti bahasa ke English' }));
    await user.type(screen.getByLabelText('Phone number'), '12');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    const error = await screen.findByText('must be a phone number');
    expect(error).toHaveAttribute('id', 'phone-error');
    expect(screen.getByLabelText('Phone number')).toHaveAttribute('aria-describedby', 'phone-error');
    expect(calls[0].headers['accept-language']).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(getSession()).toBeNull();
  });

  it('should refuse a wrong code where the code is typed, and offer a resend only after the wait', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let otps = 0;
    stubFetch((c) => {
      if (c.path === '/store/auth/otp') {
        otps++;
        return json(202, { data: { sent: true, expires_in: 300 } });
      }
      if (c.path === '/store/auth') {
        return problem(401, 'UNAUTHENTICATED', [
          { message: 'Kode salah atau sudah kedaluwarsa; minta kode baru' },
        ]);
      }
      return json(404, {});
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<App />);
    await user.type(screen.getByLabelText('Nomor HP'), '081234567890');
    await user.click(screen.getByRole('button', { name: 'Kirim kode' }));
    await user.type(await screen.findByLabelText('Kode 6 angka'), '999999');
    await user.click(screen.getByRole('button', { name: 'Masuk' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Kode salah atau sudah kedaluwarsa');
    expect(getSession()).toBeNull();

    const resend = screen.getByRole('button', { name: /Kirim ulang kode dalam \d+ detik/ });
    expect(resend).toBeDisabled();
    await act(async () => {
      vi.advanceTimersByTime((RESEND_WAIT_S - 5) * 1000);
    });
    expect(screen.getByRole('button', { name: /Kirim ulang kode dalam [1-5] detik/ })).toBeDisabled();
    await act(async () => {
      vi.advanceTimersByTime(6000);
    });
    await user.click(screen.getByRole('button', { name: 'Kirim ulang kode' }));
    await waitFor(() => expect(otps).toBe(2));
    expect(await screen.findByText('Kode baru sudah dikirim.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Kirim ulang kode dalam/ })).toBeDisabled();
  });

  it('should let a number that owns several stores choose one, then sign in to it', async () => {
    const calls = stubFetch((c) => {
      if (c.path === '/store/auth/otp') return json(202, { data: { sent: true, expires_in: 300 } });
      if (c.path === '/store/auth' && !(c.body as { customer_id?: number }).customer_id) {
        return json(409, {
          data: null,
          err_code: 'CONFLICT',
          err_msg: ['nomor telepon ini terdaftar untuk beberapa toko; pilih salah satu'],
          stores: [
            { customer_id: 7, customer_name: 'Toko Maju Jaya', customer_code: 'C-007' },
            { customer_id: 8, customer_name: 'Warung Sari', customer_code: 'C-008' },
          ],
        });
      }
      if (c.path === '/store/auth') return ok({ ...session, customer_id: 8, customer_name: 'Warung Sari' });
      return homeAnswers(c) ?? json(404, {});
    });
    const user = userEvent.setup();
    render(<App />);
    await user.type(screen.getByLabelText('Nomor HP'), '081234567890');
    await user.click(screen.getByRole('button', { name: 'Kirim kode' }));
    await user.type(await screen.findByLabelText('Kode 6 angka'), '123456');
    await user.click(screen.getByRole('button', { name: 'Masuk' }));
    await user.click(await screen.findByRole('button', { name: 'Warung Sari (C-008)' }));
    expect(await screen.findByTestId('store-name')).toHaveTextContent('Warung Sari');
    expect(calls.filter((c) => c.path === '/store/auth').at(-1)?.body).toMatchObject({
      customer_id: 8,
      code: '123456',
    });
  });

  it('should say the network is down instead of waiting forever', async () => {
    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const user = userEvent.setup();
    render(<App />);
    await user.type(screen.getByLabelText('Nomor HP'), '081234567890');
    await user.click(screen.getByRole('button', { name: 'Kirim kode' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Tidak ada koneksi internet');
    expect(screen.getByRole('button', { name: 'Kirim kode' })).toBeEnabled();
  });
});
