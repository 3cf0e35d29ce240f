// Import lottery coupon numbers from a CSV/XLSX file (POST /lottary/import through the shared import
// dialog: template, preview, dry-run check, import, counts). Idempotent on the coupon number.
import { lotteryImport } from '@lbo/contract/lottery';
import { Button, Group } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resourceKeys } from '../../app/query-keys';
import { usePermissions } from '../../app/use-session';
import { ImportDialog } from '../../components/import/import-dialog';

export function LotteryImport() {
  const { t } = useTranslation();
  const perms = usePermissions('lottery');
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  if (!perms.create) return null;
  return (
    <Group mb="sm" gap="sm">
      <Button
        variant="light"
        leftSection={<IconFileImport size={16} />}
        onClick={() => setOpen(true)}
        data-testid="lottery-import"
      >
        {t('coupons.lottery.import')}
      </Button>
      <ImportDialog
        opened={open}
        onClose={() => setOpen(false)}
        contract={lotteryImport}
        title={t('coupons.lottery.importTitle')}
        onDone={() => {
          client.invalidateQueries({ queryKey: resourceKeys('lottery').all });
          client.invalidateQueries({ queryKey: resourceKeys('lottery_report').all });
        }}
      />
    </Group>
  );
}
