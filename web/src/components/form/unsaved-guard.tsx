// Nothing typed is lost by accident: while `when` holds, leaving the screen through the app (a
// menu entry, a link, the back button) asks first, and closing or reloading the tab gets the
// browser's own warning. Use it beside any form: `<UnsavedChangesGuard when={dirty} />`.
import { Button, Group, Modal, Text } from '@mantine/core';
import { type RefObject, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

export function UnsavedChangesGuard({
  when,
  released,
}: {
  when: boolean;
  /** Set to true just before a navigation that must not ask (the save went through). */
  released?: RefObject<boolean>;
}) {
  const { t } = useTranslation();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when &&
      !released?.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (!when) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers show the dialog only when returnValue is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);
  // The changes were saved (or undone) while the question was open: let the move happen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the ref is read when the blocker or `when` changes
  useEffect(() => {
    if (blocker.state === 'blocked' && (!when || released?.current)) blocker.proceed();
  }, [blocker, when]);

  return (
    <Modal
      opened={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      title={t('form.unsaved.title')}
      centered
      data-testid="unsaved-changes"
    >
      <Text size="sm">{t('form.unsaved.body')}</Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
          {t('form.unsaved.stay')}
        </Button>
        <Button color="red" onClick={() => blocker.proceed?.()}>
          {t('form.unsaved.leave')}
        </Button>
      </Group>
    </Modal>
  );
}
