import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  fail,
  initTestI18n,
  branchLoginResult as loginResult,
  ok,
  renderAt,
  stubApi,
} from '../../testing/test-utils';
import { LoginRoute } from '../router';
import { getSession } from '../session';
import { safeNext } from './login.page';

beforeEach(() => {
  initTestI18n();
});

describe('login page', () => {
  it('should show the server message and make the button usable again when sign-in fails', async () => {
    let attempts = 0;
    stubApi(() => {
      attempts++;
      return attempts === 1 ? fail(401, 'UNAUTHENTICATED', ['Wrong e-mail or password']) : ok(loginResult);
    });
    const user = userEvent.setup();
    const { router } = renderAt(<LoginRoute />, { path: '/login?next=%2Fsalesmen', route: '/login' });
    await user.type(screen.getByLabelText(/^E-mail/), 'branch@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Wrong e-mail or password')).toBeInTheDocument();
    expect(screen.getByText('Sign-in failed')).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Sign in' });
    expect(button).toBeEnabled();
    expect(button).not.toHaveAttribute('data-loading');
    expect(getSession()).toBeNull();
    // The same button works for the second attempt.
    await user.clear(screen.getByLabelText(/^Password/));
    await user.type(screen.getByLabelText(/^Password/), 'branch123');
    await user.click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe('/salesmen'));
    expect(getSession()?.user_id).toBe(3);
  });

  it('should check the fields before calling the server', async () => {
    const { calls } = stubApi(() => ok(loginResult));
    const user = userEvent.setup();
    renderAt(<LoginRoute />, { path: '/login', route: '/login' });
    await user.type(screen.getByLabelText(/^E-mail/), 'nope');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(screen.getByText('This field is required')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('should show and hide the password on request', async () => {
    const user = userEvent.setup();
    renderAt(<LoginRoute />, { path: '/login', route: '/login' });
    const box = screen.getByLabelText(/^Password/);
    await user.type(box, 'secret');
    expect(box).toHaveAttribute('type', 'password');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    await user.click(toggle);
    expect(box).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(box).toHaveValue('secret');
    await user.click(toggle);
    expect(box).toHaveAttribute('type', 'password');
  });

  it('should only follow paths inside the app after sign-in', () => {
    expect(safeNext('/salesmen?page=2')).toBe('/salesmen?page=2');
    expect(safeNext('//evil.example')).toBe('/');
    expect(safeNext('https://evil.example')).toBe('/');
    expect(safeNext(null)).toBe('/');
  });
});
