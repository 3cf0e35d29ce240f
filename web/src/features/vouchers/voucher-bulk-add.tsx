// Bulk add of voucher redemptions (POST /voucher_redeem/add_bulk): choose the voucher, then paste store
// codes or read a CSV/XLSX file in the shared import dialog (preview, dry-run check, import, counts).
import { voucherBulkImport } from '@lbo/contract/vouchers';
import { Button, Group, Paper, Text } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resourceKeys } from '../../app/query-keys';
import { usePermissions } from '../../app/use-session';
import { SearchSelect } from '../../components/form/search-select';
import { ImportDialog } from '../../components/import/import-dialog';
import { voucherSource } from './voucher-sources';

export function VoucherBulkAdd() {
  const { t } = useTranslation();
  const perms = usePermissions('voucher');
  const client = useQueryClient();
  const [voucherId, setVoucherId] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  if (!perms.create) return null;
  return (
    <Paper withBorder p="sm" mb="md" radius="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SearchSelect
          source={voucherSource}
          value={voucherId}
          onChange={setVoucherId}
          label={t('coupons.bulk.voucher')}
          placeholder={t('coupons.bulk.voucherPlaceholder')}
          w={{ base: '100%', sm: 320 }}
          data-testid="bulk-voucher"
        />
        <Button
          leftSection={<IconFileImport size={16} />}
          disabled={!voucherId}
          onClick={() => setOpen(true)}
          data-testid="bulk-add"
        >
          {t('coupons.bulk.button')}
        </Button>
        <Text size="xs" c="dimmed" maw={420}>
          {t('coupons.bulk.hint')}
        </Text>
      </Group>
      <ImportDialog
        opened={open}
        onClose={() => setOpen(false)}
        contract={voucherBulkImport}
        title={t('coupons.bulk.title')}
        params={{ voucher_id: Number(voucherId) }}
        paste
        onDone={() => {
          client.invalidateQueries({ queryKey: resourceKeys('voucher_redeem').all });
          client.invalidateQueries({ queryKey: resourceKeys('voucher').all });
        }}
      />
    </Paper>
  );
}
