// The menu's groups: a heading each, a button that folds the group (remembered in this browser),
// the current screen's group always open.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { initTestI18n, Providers, signIn } from '../../testing/test-utils';
import { getSession } from '../session';
import { Navbar } from './navbar';

function renderMenu(pathname: string) {
  const session = getSession();
  if (!session) throw new Error('no session');
  return render(
    <Providers>
      <MemoryRouter>
        <Navbar session={session} pathname={pathname} />
      </MemoryRouter>
    </Providers>,
  );
}

const groupButton = (name: string) => screen.getByRole('button', { name });
const listOf = (button: HTMLElement) => {
  const list = document.getElementById(String(button.getAttribute('aria-controls')));
  if (!list) throw new Error('no list');
  return list;
};

describe('Navbar groups', () => {
  beforeEach(() => {
    initTestI18n();
    localStorage.clear();
    signIn();
  });

  it('should fold a group and remember it, and unfold it again', async () => {
    const user = userEvent.setup();
    const { unmount } = renderMenu('/');
    const nav = screen.getByRole('navigation');
    expect(within(nav).getByRole('heading', { name: 'Master data' })).toBeTruthy();
    const button = groupButton('Master data');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(listOf(button).hasAttribute('data-closed')).toBe(false);
    expect(within(listOf(button)).getByRole('link', { name: 'Customers' })).toBeTruthy();
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(listOf(button).hasAttribute('data-closed')).toBe(true);
    expect(JSON.parse(localStorage.getItem('lbo_nav_collapsed') ?? '[]')).toEqual(['master_data']);
    // Remembered: folded again after a new visit.
    unmount();
    renderMenu('/');
    expect(groupButton('Master data').getAttribute('aria-expanded')).toBe('false');
    await user.click(groupButton('Master data'));
    expect(groupButton('Master data').getAttribute('aria-expanded')).toBe('true');
    expect(JSON.parse(localStorage.getItem('lbo_nav_collapsed') ?? '[]')).toEqual([]);
  });

  it('should keep the current screen’s group open, whatever was folded', () => {
    localStorage.setItem('lbo_nav_collapsed', JSON.stringify(['master_data', 'loyalty']));
    renderMenu('/customers');
    const button = groupButton('Master data');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    // Another folded group stays folded.
    expect(groupButton('Loyalty').getAttribute('aria-expanded')).toBe('false');
    const current = within(listOf(button)).getByRole('link', { name: 'Customers' });
    expect(current.getAttribute('aria-current')).toBe('page');
  });
});
