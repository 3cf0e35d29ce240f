// ID / EN switch; Indonesian is the default. Two plain buttons (a SegmentedControl would add
// ~2 KB to the sign-in page). Needs no i18next (i18n/core.ts): the sign-in screen shows it before
// i18next has loaded; afterwards the switch goes through i18next (which also loads the screens' labels).
import { Button } from '@mantine/core';
import { useState } from 'react';
import { LANGUAGES, type Language, switchLanguage, useCoreText } from '../i18n/core';

export function LanguageSwitch() {
  const { t, lng: current } = useCoreText();
  const [busy, setBusy] = useState(false);
  return (
    <Button.Group aria-label={t('common.language')} data-testid="language-switch">
      {LANGUAGES.map((lng: Language) => {
        const active = current === lng;
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
                await switchLanguage(lng);
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
