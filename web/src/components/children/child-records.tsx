// The child-records editor on a detail screen: a parent's children (its contract's list or select
// route filtered by the parent's id) listed, added, edited and deleted in place through a small
// form dialog that fills in the parent's id. A child kind with children of its own shows them
// under each of its rows (promo -> promo lines -> item lines).
import {
  ActionIcon,
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  Modal,
  Pagination,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Query } from '../../app/api-client';
import { resourceKeys } from '../../app/query-keys';
import { permissionsOf, useSession } from '../../app/use-session';
import { ErrorAlert } from '../feedback/error-alert';
import { notifySuccess } from '../feedback/notify';
import { DeleteRecordDialog } from '../resource/delete-dialog';
import { fieldLabel } from '../resource/field-label';
import { formatValue } from '../resource/format';
import { IdsLabels } from '../resource/ids-labels';
import { type FormSpec, RecordFormBody, useRecordForm } from '../resource/record-form';
import { fetchList, fetchSelect } from '../resource/resource-api';
import { useResourceText } from '../resource/resource-text';
import { RowActions, RowIconButton } from '../resource/row-actions';
import {
  type AnyResource,
  type ChildDescription,
  childName,
  type FormMode,
  type Row,
} from '../resource/types';
import { useCreateRecord, useRemoveRecord, useUpdateRecord } from '../resource/use-resource';

const PAGE_SIZE = 10;

/** The list call for one parent: the paged list route, or the select route when there is no list. */
export function childQuery(child: ChildDescription, parentId: unknown, page: number): Query {
  const { contract } = child;
  const base: Query = { [child.parentKey]: String(parentId), ...child.params };
  if (!contract.paths.list) return base;
  return {
    page,
    limit: PAGE_SIZE,
    by: contract.defaultSort.by,
    sort: contract.defaultSort.dir,
    ...base,
  };
}

/** The parent id a child kind is filtered by, from the parent record. */
export const parentIdOf = (child: ChildDescription, parent: Row, parentIdKey: string) =>
  parent[child.parentIdFrom ?? parentIdKey] ?? parent.id;

// The mutation hooks take a resource; a child kind carries everything they read (name, contract,
// invalidates).
const asResource = (child: ChildDescription) => child as unknown as AnyResource;

/** Every child kind of a parent, laid out in a grid (kinds with `span: 1` share a row on wide screens). */
export function ChildSections({
  kinds,
  parent,
  parentIdKey,
}: {
  kinds: ChildDescription[];
  parent: Row;
  parentIdKey: string;
}) {
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      {kinds.map((c) => {
        const parentId = parentIdOf(c, parent, parentIdKey);
        return (
          // Keyed by the parent too: another record starts on the first page, nothing open.
          <Box
            key={`${childName(c)}-${parentId}`}
            style={c.span === 1 ? undefined : { gridColumn: '1 / -1' }}
          >
            <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" h="100%">
              <ChildRecords child={c} parentId={parentId} />
            </Paper>
          </Box>
        );
      })}
    </SimpleGrid>
  );
}

export function ChildRecords({
  child,
  parentId,
  nested = false,
}: {
  child: ChildDescription;
  parentId: unknown;
  nested?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const { contract } = child;
  const perms = permissionsOf(session, contract.area);
  const name = childName(child);
  const text = useResourceText(name);
  const [page, setPage] = useState(1);
  const query = childQuery(child, parentId, page);
  const list = useQuery({
    queryKey: resourceKeys(name).list({ ...query, parent: true }),
    queryFn: async ({ signal }) => {
      if (contract.paths.list) return fetchList(contract, query, signal);
      const path = contract.paths.select!;
      const source = { path, listKey: contract.selectKey ?? contract.listKey, valueKey: contract.idKey };
      const rows = await fetchSelect({ ...source, label: () => '' }, query, signal);
      return { rows, meta: { page: 1, limit: rows.length, total_data: rows.length, total_page: 1 } };
    },
    placeholderData: keepPreviousData,
  });
  const [editing, setEditing] = useState<{ mode: FormMode; record?: Row } | null>(null);
  const [toDelete, setToDelete] = useState<Row | null>(null);
  const [open, setOpen] = useState<Set<string>>(new Set());
  const remove = useRemoveRecord(asResource(child));

  const canCreate = perms.create && !!contract.paths.create && !!contract.create && !!child.form;
  const canEdit = perms.update && !!contract.paths.update && !!contract.update && !!child.form;
  const canDelete = perms.delete && !!contract.paths.remove;
  const editable = (r: Row) => canEdit && (child.canEdit?.(r) ?? true);
  const deletable = (r: Row) => canDelete && (child.canDelete?.(r) ?? true);
  const idOf = (r: Row) => String(r[contract.idKey] ?? r.id);
  const grandKinds = child.children ?? [];
  const rows = list.data?.rows ?? [];
  const total = list.data?.meta.total_data ?? rows.length;
  const totalPages = list.data?.meta.total_page ?? 1;
  const columns = child.columns.filter((c) => !c.exportOnly);
  const hasActions = canEdit || canDelete;
  const colSpan = columns.length + (hasActions ? 1 : 0) + (grandKinds.length > 0 ? 1 : 0);
  const title = t(`resources.${name}.title`);
  const toggle = (id: string) =>
    setOpen((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Stack gap="sm" data-testid={`children-${name}`}>
      <Group justify="space-between" gap="xs" wrap="wrap" mih={30}>
        <Group gap="xs">
          <Title order={nested ? 4 : 3} fz={nested ? 'md' : 'h4'}>
            {title}
          </Title>
          {list.data ? (
            <Badge variant="light" color="gray" size="sm" aria-label={t('children.count', { count: total })}>
              {total}
            </Badge>
          ) : null}
        </Group>
        <Group gap="sm">
          {child.listPath && !nested ? (
            <Anchor component={Link} to={`/${child.listPath}?${child.parentKey}=${parentId}`} size="sm">
              {t('children.seeAll')}
            </Anchor>
          ) : null}
          {canCreate ? (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} />}
              onClick={() => setEditing({ mode: 'create' })}
            >
              {text('add')}
            </Button>
          ) : null}
        </Group>
      </Group>
      {list.isError ? (
        <ErrorAlert error={list.error} onRetry={() => list.refetch()} title={t('list.loadFailed')} />
      ) : list.isPending ? (
        <Text size="sm" c="dimmed">
          {t('common.loading')}
        </Text>
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('children.empty', { what: t(`resources.${name}.one`) })}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={360}>
          <Table fz="sm" verticalSpacing={6} striped={grandKinds.length === 0} highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                {grandKinds.length > 0 ? <Table.Th w={36} /> : null}
                {columns.map((c) => (
                  <Table.Th key={c.key} ta={c.align} w={c.width} style={{ whiteSpace: 'nowrap' }}>
                    {fieldLabel(t, name, c.key)}
                  </Table.Th>
                ))}
                {hasActions ? (
                  <Table.Th ta="right" w={80}>
                    <VisuallyHidden>{t('list.actions')}</VisuallyHidden>
                  </Table.Th>
                ) : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => {
                const id = idOf(r);
                const expanded = open.has(id);
                const label = child.title(r);
                return (
                  <Fragment key={id}>
                    <Table.Tr>
                      {grandKinds.length > 0 ? (
                        <Table.Td>
                          <ActionIcon
                            variant="subtle"
                            size="sm"
                            onClick={() => toggle(id)}
                            aria-expanded={expanded}
                            aria-label={`${t(expanded ? 'children.collapse' : 'children.expand')}: ${label}`}
                          >
                            {expanded ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
                          </ActionIcon>
                        </Table.Td>
                      ) : null}
                      {columns.map((c) => (
                        <Table.Td
                          key={c.key}
                          ta={c.align}
                          style={
                            (c.noWrap ?? (c.kind === 'date' || c.kind === 'money' || c.kind === 'number'))
                              ? { whiteSpace: 'nowrap' }
                              : undefined
                          }
                        >
                          {c.render ? (
                            c.render(r, t)
                          ) : c.kind === 'ids' && c.source ? (
                            <IdsLabels ids={r[c.key]} source={c.source} />
                          ) : (
                            formatValue(c.kind, r[c.key], t, i18n.language)
                          )}
                        </Table.Td>
                      ))}
                      {hasActions ? (
                        <Table.Td>
                          <RowActions>
                            {editable(r) ? (
                              <RowIconButton
                                label={text('edit')}
                                record={label}
                                icon={IconPencil}
                                iconSize={16}
                                onClick={() => setEditing({ mode: 'edit', record: r })}
                              />
                            ) : null}
                            {deletable(r) ? (
                              <RowIconButton
                                label={text('delete')}
                                record={label}
                                icon={IconTrash}
                                iconSize={16}
                                color="red"
                                onClick={() => setToDelete(r)}
                              />
                            ) : null}
                          </RowActions>
                        </Table.Td>
                      ) : null}
                    </Table.Tr>
                    {expanded ? (
                      <Table.Tr>
                        <Table.Td colSpan={colSpan} bg="var(--mantine-color-default-hover)">
                          <Stack gap="md" py="xs" pl={{ base: 0, sm: 'lg' }}>
                            {grandKinds.map((g) => (
                              <ChildRecords
                                key={childName(g)}
                                child={g}
                                parentId={parentIdOf(g, r, contract.idKey)}
                                nested
                              />
                            ))}
                          </Stack>
                        </Table.Td>
                      </Table.Tr>
                    ) : null}
                  </Fragment>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {totalPages > 1 ? (
        <Group justify="flex-end">
          <Pagination
            size="sm"
            total={totalPages}
            value={page}
            onChange={setPage}
            getControlProps={(control) => ({ 'aria-label': t(`list.pager.${control}`) })}
          />
        </Group>
      ) : null}
      {editing ? (
        <ChildFormDialog
          child={child}
          parentId={parentId}
          mode={editing.mode}
          record={editing.record}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <DeleteRecordDialog
        name={name}
        what={t(`resources.${name}.one`)}
        record={toDelete ? child.title(toDelete) : null}
        onClose={() => setToDelete(null)}
        onDelete={() => remove.mutateAsync(idOf(toDelete!))}
      />
    </Stack>
  );
}

/** Add or edit one child in a dialog; on a failed save it stays open with everything typed. */
function ChildFormDialog({
  child,
  parentId,
  mode,
  record,
  onClose,
}: {
  child: ChildDescription;
  parentId: unknown;
  mode: FormMode;
  record?: Row;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const name = childName(child);
  const text = useResourceText(name);
  const { contract } = child;
  const create = useCreateRecord(asResource(child));
  const update = useUpdateRecord(asResource(child));
  const updateShape = (contract.update as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
  // The parent's id goes into every new child (and into an update when its schema takes it).
  const withParent = (body: Row): Row =>
    mode === 'create' || child.parentKey in updateShape
      ? { ...body, [child.parentKey]: Number(parentId) }
      : body;
  const spec = child.form as FormSpec;
  const form = useRecordForm({
    name,
    contract,
    form: {
      ...spec,
      toBody: (values, ctx) => withParent(spec.toBody ? spec.toBody(values, ctx) : values),
    },
    mode,
    record,
    save: (body, file) =>
      mode === 'create'
        ? create.mutateAsync({ body, file })
        : update.mutateAsync({ id: String(record?.[contract.idKey] ?? record?.id), body, file }),
    onSaved: (saved) => {
      notifySuccess(
        t(mode === 'create' ? 'toast.created' : 'toast.updated', {
          name: saved ? child.title(saved) : record ? child.title(record) : '',
        }),
      );
      onClose();
    },
  });
  const heading =
    mode === 'create'
      ? text('createTitle', { what: t(`resources.${name}.one`) })
      : text('editTitle', { name: record ? child.title(record) : '' });
  return (
    <Modal opened onClose={() => (form.isSubmitting ? undefined : onClose())} title={heading} size="lg">
      <RecordFormBody
        form={form}
        name={name}
        mode={mode}
        heading={heading}
        gap="md"
        cancel={
          <Button variant="default" onClick={onClose} disabled={form.isSubmitting}>
            {t('actions.cancel')}
          </Button>
        }
      />
    </Modal>
  );
}
