// The language switch works before i18next is up (the standalone sign-in screen, app/sign-in.test)
// and, once the app has started i18next, goes through it: the sign-in screen's words (i18n/core.ts)
// and every screen's (i18next) always show the same language.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { useCoreText } from '../i18n/core';
import { i18n, initTestI18n, Providers } from '../testing/test-utils';
import { LanguageSwitch } from './language-switch';

function Words() {
  const { t } = useTranslation();
  const core = useCoreText();
  return (
    <>
      <p data-testid="i18next">{t('login.title')}</p>
      <p data-testid="core">{core.t('login.title')}</p>
    </>
  );
}

describe('language switch inside the app', () => {
  it('should switch i18next and the core words together, and remember the choice', async () => {
    initTestI18n();
    const user = userEvent.setup();
    render(
      <Providers>
        <LanguageSwitch />
        <Words />
      </Providers>,
    );
    expect(screen.getByTestId('core')).toHaveTextContent('Sign in');
    await user.click(screen.getByRole('button', { name: 'ID' }));
    expect(await screen.findByText('Masuk', { selector: '[data-testid="i18next"]' })).toBeInTheDocument();
    expect(screen.getByTestId('core')).toHaveTextContent('Masuk');
    expect(i18n.language).toBe('id');
    expect(localStorage.getItem('lbo_lang')).toBe('id');
    expect(document.documentElement.lang).toBe('id');
    await user.click(screen.getByRole('button', { name: 'EN' }));
    expect(await screen.findByText('Sign in', { selector: '[data-testid="i18next"]' })).toBeInTheDocument();
    expect(screen.getByTestId('core')).toHaveTextContent('Sign in');
  });
});
