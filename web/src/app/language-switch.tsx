// ID / EN switch; Indonesian is the default. Two plain buttons (a SegmentedControl would add
// ~2 KB to the sign-in page).
import { Button } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, LANGUAGES, type Language } from '../i18n';

export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Button.Group aria-label={t('common.language')} data-testid="language-switch">
      {LANGUAGES.map((lng: Language) => {
        const active = i18n.language === lng;
        return (
          <Button
            key={lng}
            size="compact-sm"
            variant={active ? 'filled' : 'default'}
            aria-pressed={active}
            lang={lng}
            title={lng === 'id' ? 'Bahasa Indonesia' : 'English'}
            disabled={busy}
            onClick={async () => {
              if (active) return;
              setBusy(true);
              try {
                await changeLanguage(lng);
              } finally {
                setBusy(false);
              }
            }}
          >
            {lng.toUpperCase()}
          </Button>
        );
      })}
    </Button.Group>
  );
}
