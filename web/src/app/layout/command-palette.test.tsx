// Ctrl+K finds a screen by what it is about (its summary and search words), not only by its name.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { initTestI18n, ok, renderAt, signIn, stubApi } from '../../testing/test-utils';
import { getSession, type Session } from '../session';
import { CommandPalette } from './command-palette';

beforeEach(async () => {
  await initTestI18n();
  signIn();
  stubApi(() => ok([]));
});

describe('command palette', () => {
  it.each(['activation', 'activated'])('should find the registered stores for "%s"', async (word) => {
    const user = userEvent.setup();
    renderAt(
      <CommandPalette session={getSession() as Session} opened onOpen={() => {}} onClose={() => {}} />,
    );
    await user.type(
      await screen.findByTestId('command-palette').then((d) => d.querySelector('input') as HTMLInputElement),
      word,
    );
    expect(await screen.findByText('Registered stores')).toBeInTheDocument();
  });
});
