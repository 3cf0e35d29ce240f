// A resource's standing notice (i18n `resources.<name>.notice`), above its list and its form.
import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useResourceNotice } from './resource-text';

export function ResourceNotice({ name, maw }: { name: string; maw?: number }) {
  const notice = useResourceNotice(name);
  if (!notice) return null;
  return (
    <Alert
      variant="light"
      color="blue"
      icon={<IconInfoCircle size={18} />}
      mb="md"
      maw={maw}
      data-testid="resource-notice"
    >
      {notice}
    </Alert>
  );
}
