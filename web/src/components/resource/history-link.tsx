// "History" on every record's page: the audit trail (features/audit) filtered to that record, for
// users who may read it (the staff-user view permission, as the server's audit list asks).
import { Button } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { permissionsOf, useSession } from '../../app/use-session';

/** The audit trail's screen path (its registry entry uses it too). */
export const AUDIT_PATH = 'audit-log';

/** The audit list of one record: `entity` is its contract's name, `id` its id. */
export const historyHref = (entity: string, id: string | number) =>
  `/${AUDIT_PATH}?${new URLSearchParams({ entity, entity_id: String(id) })}`;

export function HistoryLink({ entity, id }: { entity: string; id: string | number }) {
  const { t } = useTranslation();
  const session = useSession();
  if (entity === 'audit_log' || !permissionsOf(session, 'staff_user').view) return null;
  return (
    <Button
      variant="default"
      component={Link}
      to={historyHref(entity, id)}
      leftSection={<IconHistory size={16} />}
    >
      {t('audit.history')}
    </Button>
  );
}
