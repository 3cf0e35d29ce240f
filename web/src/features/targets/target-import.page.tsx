// Customer targets: import a CSV/XLSX file of monthly targets (POST /customer/target/add_bulk, through
// the shared import dialog with its downloadable template), and look at one customer's targets
// against achievement by quarter, semester or year.
import { customerTargetImport } from '@lbo/contract/targets';
import { Button, Group, List, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconFileImport, IconTarget } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../app/use-session';
import { notifySuccess } from '../../components/feedback/notify';
import { SearchSelect } from '../../components/form/search-select';
import { ImportDialog } from '../../components/import/import-dialog';
import { PageHeader } from '../../components/layout/page-header';
import { NoAccess } from '../../components/resource/no-access';
import { customerLookupSource } from '../common-sources';
import { CustomerTargets } from './customer-targets';

const k = (key: string) => `targets.import.${key}`;

export function TargetImportPage() {
  const { t } = useTranslation();
  const perms = usePermissions('target');
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const [customer, setCustomer] = useState<string | null>(null);
  const thisYear = dayjs().year();
  const [year, setYear] = useState(String(thisYear));
  if (!perms.view) return <NoAccess />;

  return (
    <Stack gap="lg">
      <PageHeader
        crumbs={[{ label: t('pages.customer_target.title') }]}
        title={t('pages.customer_target.title')}
        actions={
          perms.create ? (
            <Button leftSection={<IconFileImport size={16} />} onClick={() => setOpen(true)}>
              {t(k('button'))}
            </Button>
          ) : null
        }
      />
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        <Stack gap="xs">
          <Title order={3} fz="h5">
            {t(k('howTitle'))}
          </Title>
          <List size="sm" spacing={4}>
            <List.Item>{t(k('how1'))}</List.Item>
            <List.Item>{t(k('how2'))}</List.Item>
            <List.Item>{t(k('how3'))}</List.Item>
          </List>
        </Stack>
      </Paper>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        <Stack gap="md">
          <Group gap="xs">
            <IconTarget size={18} />
            <Title order={3} fz="h4">
              {t(k('lookupTitle'))}
            </Title>
          </Group>
          <Group align="flex-end" wrap="wrap">
            <SearchSelect
              source={customerLookupSource}
              value={customer}
              onChange={setCustomer}
              label={t(k('customer'))}
              placeholder={t(k('customerPlaceholder'))}
              w={{ base: '100%', sm: 360 }}
              clearable
            />
            <Select
              label={t(k('year'))}
              data={[thisYear + 1, thisYear, thisYear - 1, thisYear - 2].map(String)}
              value={year}
              onChange={(v) => v && setYear(v)}
              allowDeselect={false}
              w={120}
            />
          </Group>
          {customer ? (
            <CustomerTargets customerId={Number(customer)} year={Number(year)} />
          ) : (
            <Text size="sm" c="dimmed">
              {t(k('pickCustomer'))}
            </Text>
          )}
        </Stack>
      </Paper>
      <ImportDialog
        opened={open}
        onClose={() => setOpen(false)}
        contract={customerTargetImport}
        title={t(k('dialogTitle'))}
        onDone={(r) => {
          void qc.invalidateQueries({ queryKey: ['customer_target'] });
          notifySuccess(t(k('done'), { inserted: r.inserted, updated: r.updated, unchanged: r.unchanged }));
        }}
      />
    </Stack>
  );
}
