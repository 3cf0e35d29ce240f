// Read-only view of one record, with edit and delete by permission.
import { Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { permissionsOf, useSession } from '../../app/use-session';
import { ActionButton } from '../action/action-button';
import { ChildSections } from '../children/child-records';
import { ErrorAlert } from '../feedback/error-alert';
import { PageSpinner } from '../feedback/page-spinner';
import { PageHeader } from '../layout/page-header';
import { DeleteRecordDialog } from './delete-dialog';
import { fieldLabel } from './field-label';
import { formatValue } from './format';
import { HistoryLink } from './history-link';
import { IdsLabels } from './ids-labels';
import { useResourceScope } from './resource-scope';
import { useResourceText } from './resource-text';
import { type DetailField, type Row, resourceName } from './types';
import { useRemoveRecord, useResourceRecord } from './use-resource';

export function ResourceDetailPage() {
  const { resource, entry } = useResourceScope();
  const { id } = useParams();
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const perms = permissionsOf(session, resource.contract.area);
  const query = useResourceRecord(resource, id);
  const remove = useRemoveRecord(resource);
  const [confirming, setConfirming] = useState(false);
  const name = resourceName(resource);
  const { contract } = resource;
  const title = t(`resources.${name}.title`);
  const text = useResourceText(name);

  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    return (
      <>
        <PageHeader
          crumbs={[
            { label: t(`nav.groups.${entry.group}`) },
            { label: title, to: `/${entry.path}` },
            { label: `#${id}` },
          ]}
          title={title}
        />
        <ErrorAlert error={query.error} onRetry={() => query.refetch()} />
      </>
    );
  }
  const data = query.data as Row;
  const record = (resource.recordOf ? resource.recordOf(data) : data) as Row;
  const recordTitle = resource.title(record);
  const fields: DetailField[] =
    resource.detail?.fields ??
    resource.columns
      .filter((c) => !c.exportOnly)
      .map((c) => ({
        key: c.key,
        kind: c.kind,
        source: c.source,
        render: c.render as DetailField['render'],
      }));
  const Extra = resource.detail?.extra as ((p: { record: Row; data: Row }) => React.ReactNode) | undefined;

  return (
    <>
      <PageHeader
        crumbs={[
          { label: t(`nav.groups.${entry.group}`) },
          { label: title, to: `/${entry.path}` },
          { label: recordTitle },
        ]}
        title={recordTitle}
        actions={
          <>
            {perms.update &&
            contract.paths.update &&
            resource.form &&
            (resource.canEdit?.(record) ?? true) ? (
              <Button
                component={Link}
                to={`/${entry.path}/${id}/edit`}
                leftSection={<IconPencil size={16} />}
              >
                {text('edit')}
              </Button>
            ) : null}
            {perms.delete && contract.paths.remove && (resource.canDelete?.(record) ?? true) ? (
              <Button
                color="red"
                variant="light"
                leftSection={<IconTrash size={16} />}
                onClick={() => setConfirming(true)}
              >
                {text('delete')}
              </Button>
            ) : null}
            <HistoryLink entity={contract.name} id={String(record.id ?? record[contract.idKey] ?? id)} />
            {(resource.actions ?? [])
              .filter((a) => a.contract.placement === 'record' && (a.available?.(record) ?? true))
              .map((a) => (
                <ActionButton
                  key={a.key ?? a.contract.name}
                  action={a}
                  name={name}
                  target={{
                    rows: [record],
                    ids: [Number(record[contract.idKey] ?? record.id ?? id)],
                    record,
                    title: recordTitle,
                  }}
                />
              ))}
          </>
        }
      />
      <Stack gap="md" maw={1100}>
        <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" verticalSpacing="md" component="dl" m={0}>
            {fields.map((f) => (
              <Stack key={f.key} gap={2} style={f.span === 2 ? { gridColumn: '1 / -1' } : undefined}>
                <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase">
                  {fieldLabel(t, name, f.key)}
                </Text>
                <Text component="dd" m={0} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {f.render ? (
                    f.render(record, t)
                  ) : f.kind === 'ids' && f.source ? (
                    <IdsLabels ids={record[f.key]} source={f.source} max={50} />
                  ) : (
                    formatValue(f.kind, record[f.key], t, i18n.language)
                  )}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
        </Paper>
        {resource.children?.length ? (
          <ChildSections kinds={resource.children} parent={record} parentIdKey={contract.idKey} />
        ) : null}
        {Extra ? <Extra record={record} data={data} /> : null}
        <Group>
          <Button variant="default" component={Link} to={`/${entry.path}`}>
            {t('actions.backToList')}
          </Button>
        </Group>
      </Stack>
      <DeleteRecordDialog
        name={name}
        what={title.toLowerCase()}
        record={confirming ? recordTitle : null}
        onClose={() => setConfirming(false)}
        onDelete={() => remove.mutateAsync(id!)}
        onDeleted={() => navigate(`/${entry.path}`, { replace: true })}
      />
    </>
  );
}
