// The standalone sign-in screen (a visit that starts at /login): it works without the router and
// i18next, hands over to the app once signed in (at the address the visitor was sent from) or when
// the visitor leaves /login, and says in words when the app cannot be loaded.
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, branchLoginResult as loginResult, ok, stubApi } from '../testing/test-utils';
import { appRoot } from './root';
import { clearSession, getSession } from './session';
import { mountSignIn } from './sign-in';

beforeAll(() => {
  const root = document.createElement('div');
  root.id = 'root';
  document.body.append(root);
});

beforeEach(() => {
  act(() => appRoot().render(null));
  clearSession('logout');
  localStorage.setItem('lbo_lang', 'en');
  window.history.replaceState(null, '', '#/login?next=%2Fsalesmen%3Fpage%3D2');
});

async function mount(startApp: () => Promise<void>) {
  await act(() => mountSignIn(startApp));
  return screen.findByRole('button', { name: 'Sign in' });
}

describe('standalone sign-in', () => {
  it('should show the server message on a failure, then sign in and start the app where it was sent from', async () => {
    let attempts = 0;
    stubApi(() => {
      attempts++;
      return attempts === 1 ? fail(429, 'RATE_LIMITED', ['Too many attempts']) : ok(loginResult);
    });
    const startApp = vi.fn(async () => {});
    const user = userEvent.setup();
    const button = await mount(startApp);
    await user.type(screen.getByLabelText(/^E-mail/), 'branch@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'branch123');
    await user.click(button);
    expect(await screen.findByText('Too many attempts')).toBeInTheDocument();
    expect(screen.getByText('Sign-in failed')).toBeInTheDocument();
    expect(button).toBeEnabled();
    expect(button).not.toHaveAttribute('data-loading');
    expect(startApp).not.toHaveBeenCalled();
    await user.click(button);
    await waitFor(() => expect(startApp).toHaveBeenCalledTimes(1));
    expect(window.location.hash).toBe('#/salesmen?page=2');
    expect(getSession()?.user_id).toBe(3);
  });

  it('should say the server cannot be reached when the network fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const user = userEvent.setup();
    const button = await mount(vi.fn(async () => {}));
    await user.type(screen.getByLabelText(/^E-mail/), 'branch@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'branch123');
    await user.click(button);
    expect(await screen.findByText('Check the network connection and try again.')).toBeInTheDocument();
    expect(button).toBeEnabled();
  });

  it('should switch the language without i18next, and remember it', async () => {
    const user = userEvent.setup();
    await mount(vi.fn(async () => {}));
    await user.click(screen.getByRole('button', { name: 'ID' }));
    expect(await screen.findByRole('heading', { name: 'Masuk' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Kata sandi/)).toBeInTheDocument();
    expect(localStorage.getItem('lbo_lang')).toBe('id');
    expect(document.documentElement.lang).toBe('id');
    await user.click(screen.getByRole('button', { name: 'EN' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('should start the app when the visitor follows a link away from /login', async () => {
    const startApp = vi.fn(async () => {});
    const user = userEvent.setup();
    await mount(startApp);
    await user.click(screen.getByRole('link', { name: 'Request access' }));
    await waitFor(() => expect(startApp).toHaveBeenCalledTimes(1));
    expect(window.location.hash).toBe('#/register');
  });

  it('should say so in words when the app cannot be loaded after signing in, and try again', async () => {
    stubApi(() => ok(loginResult));
    const startApp = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module: /assets/boot.js'))
      .mockResolvedValueOnce(undefined);
    const user = userEvent.setup();
    const button = await mount(startApp);
    await user.type(screen.getByLabelText(/^E-mail/), 'branch@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'branch123');
    await user.click(button);
    expect(await screen.findByTestId('login-error')).toHaveTextContent(/application was just updated/);
    expect(button).toBeEnabled();
    expect(window.location.hash).toBe('#/login?next=%2Fsalesmen%3Fpage%3D2');
    await user.click(button);
    await waitFor(() => expect(startApp).toHaveBeenCalledTimes(2));
    expect(window.location.hash).toBe('#/salesmen?page=2');
  });
});
