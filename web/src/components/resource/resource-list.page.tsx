// The list screen every resource uses: filters, search, server paging and sorting, row actions
// by permission, empty and error states, export.
import { Button, Group, Paper, Text, VisuallyHidden } from '@mantine/core';
import {
  IconDatabaseOff,
  IconEye,
  IconPencil,
  IconPlus,
  IconSquareOff,
  IconTrash,
} from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { permissionsOf, useSession } from '../../app/use-session';
import { ActionButton } from '../action/action-button';
import { ExportButton } from '../export/export-button';
import { ErrorAlert } from '../feedback/error-alert';
import { useAppHref } from '../layout/app-links';
import { useBreakpoints, useMediaQueryNow } from '../layout/breakpoints';
import { PageHeader } from '../layout/page-header';
import { ColumnChooser, useHiddenColumns } from './column-chooser';
import { DeleteRecordDialog } from './delete-dialog';
import { fieldLabel } from './field-label';
import { FilterBar } from './filter-bar';
import { formatValue } from './format';
import { IdsLabels } from './ids-labels';
import {
  defaultFilters,
  filterParams,
  hasActiveFilters,
  type ListState,
  listQueryOf,
  PAGE_SIZES,
  readListState,
  writeListState,
} from './list-state';
import { type ListColumn, ListTable } from './list-table';
import { rangeText, useListTotal } from './list-total';
import { LiveNotice } from './live-notice';
import { RecordCards } from './record-cards';
import { ResourceNotice } from './resource-notice';
import { useResourceScope } from './resource-scope';
import { useResourceText } from './resource-text';
import { RowActions, RowIconButton } from './row-actions';
import { SavedViewsMenu } from './saved-views-menu';
import { type Row, resourceName } from './types';
import { useRemoveRecord, useResourceList } from './use-resource';

export function ResourceListPage() {
  const { resource, entry } = useResourceScope();
  const { t, i18n } = useTranslation();
  const session = useSession();
  const perms = permissionsOf(session, resource.contract.area);
  const name = resourceName(resource);
  const { contract } = resource;
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readListState(params, resource), [params, resource]);
  const update = (patch: Partial<ListState>) => {
    const next = writeListState({ ...state, ...patch }, resource);
    // The name a link gave its filter (`for`) stays while that filter does.
    const linkedName = params.get('for');
    const widgetKeys = new Set((resource.filters ?? []).flatMap((f) => filterParams(f)));
    if (linkedName) {
      const stillLinked = [...next.keys()].some(
        (k) => !widgetKeys.has(k) && k in ((contract.filters as unknown as { shape?: object }).shape ?? {}),
      );
      if (stillLinked) next.set('for', linkedName);
    }
    setParams(next, { replace: true });
  };
  const query = useMemo(() => listQueryOf(state, resource, session), [state, session, resource]);
  const list = useResourceList(resource, query);
  const remove = useRemoveRecord(resource);
  const [toDelete, setToDelete] = useState<Row | null>(null);
  const [selected, setSelected] = useState<Row[]>([]);
  const [hiddenColumns, setHiddenColumns] = useHiddenColumns(name);
  // On a phone the list is a column of cards; from 576 px a table.
  const phone = useMediaQueryNow('(max-width: 35.99em)');
  // Columns shown from a breakpoint up (ColumnDef.visibleFrom).
  const reached = useBreakpoints();
  const href = useAppHref();
  // Actions (components/action) the user may run: per record in the rows, per list in the bulk bar
  // (on the checked rows) or the header (on the whole list).
  const actions = (resource.actions ?? []).filter(
    (a) => permissionsOf(session, a.contract.area)[a.contract.action],
  );
  const recordActions = actions.filter((a) => a.contract.placement === 'record');
  const selectionActions = actions.filter((a) => a.contract.placement === 'list' && a.on !== 'all');
  const listActions = actions.filter((a) => a.contract.placement === 'list' && a.on === 'all');
  const selectable = selectionActions.length > 0;
  // A new search or filter starts a new selection; paging and sorting keep it.
  const filterKey = JSON.stringify([state.search, state.filters]);
  // An empty selection is kept as it is: a new empty one would render the list again for nothing
  // (on every first render it would draw the first rows twice).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the search or filters change
  useEffect(() => setSelected((cur) => (cur.length === 0 ? cur : [])), [filterKey]);

  const canEdit = perms.update && !!contract.paths.update;
  const canDelete = perms.delete && !!contract.paths.remove;
  const canCreate = perms.create && !!contract.paths.create && !!contract.create;
  const idOf = (r: Row) => String(r[contract.idKey] ?? r.id);
  const title = t(`resources.${name}.title`);
  const text = useResourceText(name);
  // Per record (resource.canEdit / canDelete), e.g. only rows staff wrote.
  const editable = (r: Row) => canEdit && (resource.canEdit?.(r) ?? true);
  const deletable = (r: Row) => canDelete && (resource.canDelete?.(r) ?? true);

  const shownColumns = resource.columns.filter((c) => !c.exportOnly);
  const cell = (c: (typeof shownColumns)[number], r: Row) =>
    c.render ? (
      c.render(r, t)
    ) : c.kind === 'ids' && c.source ? (
      <IdsLabels ids={r[c.key]} source={c.source} />
    ) : (
      formatValue(c.kind, r[c.key], t, i18n.language)
    );
  const columns: ListColumn<Row>[] = shownColumns
    // Chosen away by the user, or wider than the window allows (the first column, the record's link,
    // always stays).
    .filter(
      (c, i) => i === 0 || !(hiddenColumns.includes(c.key) || (!!c.visibleFrom && !reached[c.visibleFrom])),
    )
    .map((c) => {
      const first = c === shownColumns[0];
      return {
        key: c.key,
        title: fieldLabel(t, name, c.key),
        sortable: !!c.sortKey,
        width: c.width,
        align: c.align,
        noWrap:
          c.noWrap ??
          (c.kind === 'datetime' || c.kind === 'date' || c.kind === 'money' || c.kind === 'number'),
        render: (r: Row) => {
          const content = cell(c, r);
          const to = `/${entry.path}/${idOf(r)}`;
          // The first column links to the record (named by the record when it shows only a picture).
          return first && contract.paths.get ? (
            <a
              className="lbo-record-link"
              href={href(to)}
              data-app-link={to}
              aria-label={c.kind === 'image' ? resource.title(r) : undefined}
            >
              {content}
            </a>
          ) : (
            content
          );
        },
      };
    });
  const rowActions = (r: Row) => {
    const label = resource.title(r);
    return (
      <RowActions>
        {contract.paths.get ? (
          <RowIconButton
            label={t('actions.view')}
            record={label}
            icon={IconEye}
            to={`/${entry.path}/${idOf(r)}`}
          />
        ) : null}
        {editable(r) ? (
          <RowIconButton
            label={text('edit')}
            record={label}
            icon={IconPencil}
            to={`/${entry.path}/${idOf(r)}/edit`}
          />
        ) : null}
        {deletable(r) ? (
          <RowIconButton
            label={text('delete')}
            record={label}
            icon={IconTrash}
            color="red"
            onClick={() => setToDelete(r)}
          />
        ) : null}
        {recordActions
          .filter((a) => a.available?.(r) ?? true)
          .map((a) => (
            <ActionButton
              key={a.key ?? a.contract.name}
              action={a}
              name={name}
              variant="icon"
              target={{ rows: [r], ids: [Number(idOf(r))], record: r, title: label }}
            />
          ))}
      </RowActions>
    );
  };
  // A read-only list without a detail screen (reports) has no actions column at all.
  const hasActions = !!contract.paths.get || canEdit || canDelete || recordActions.length > 0;
  if (hasActions)
    columns.push({
      key: '__actions',
      title: <VisuallyHidden>{t('list.actions')}</VisuallyHidden>,
      align: 'right',
      // Room for the icons shown (view, edit, delete).
      width:
        24 + 32 * ([!!contract.paths.get, canEdit, canDelete].filter(Boolean).length + recordActions.length),
      render: rowActions,
      // Kept in view when the table scrolls sideways (sticky, list-table.css).
      pinnedRight: true,
    });

  const sortColumn = resource.columns.find((c) => c.sortKey === state.by);
  const onSort = (key: string) => {
    const col = resource.columns.find((c) => c.key === key);
    // A newly chosen column starts ascending; the same column toggles.
    if (col?.sortKey)
      update({
        by: col.sortKey,
        sort: col.sortKey === state.by && state.sort === 'asc' ? 'desc' : 'asc',
        page: 1,
      });
  };

  const filtered = hasActiveFilters(state);
  const rows = list.data?.rows ?? [];
  const meta = list.data?.meta;
  // The total shown and paged by: exact, or "about N" for a large unfiltered list (list-total.ts).
  const total = useListTotal(meta, rows.length, filterKey);
  const totalPages = meta ? Math.ceil(total.total / meta.limit) : undefined;
  // After a delete or a narrower filter the page may no longer exist (nor past the end of an
  // estimated total): go to the last one.
  useEffect(() => {
    if (totalPages !== undefined && totalPages >= 1 && state.page > totalPages) update({ page: totalPages });
  });
  const Extra = resource.listExtra;
  const selectedIds = selected.map((r) => Number(r[contract.idKey] ?? r.id));

  return (
    <>
      <PageHeader
        crumbs={[{ label: t(`nav.groups.${entry.group}`) }, { label: title }]}
        title={title}
        actions={
          <>
            {listActions.map((a) => (
              <ActionButton
                key={a.key ?? a.contract.name}
                action={a}
                name={name}
                variant="light"
                target={{ rows: [], ids: [] }}
              />
            ))}
            <SavedViewsMenu
              list={name}
              current={() => ({
                filters: state.filters,
                search: state.search,
                sort: { by: state.by, dir: state.sort },
                columns: shownColumns.map((c) => c.key).filter((k) => !hiddenColumns.includes(k)),
                limit: state.limit,
              })}
              onOpen={(v) => {
                update({
                  filters: Object.fromEntries(
                    Object.entries(v.filters).map(([k, x]) => [k, String(x ?? '')]),
                  ),
                  search: v.search ?? '',
                  ...(v.sort ? { by: v.sort.by, sort: v.sort.dir } : {}),
                  ...(v.limit ? { limit: v.limit } : {}),
                  page: 1,
                });
                if (v.columns) {
                  const shown = new Set(v.columns);
                  setHiddenColumns(
                    shownColumns
                      .slice(1)
                      .map((c) => c.key)
                      .filter((k) => !shown.has(k)),
                  );
                }
              }}
            />
            {phone ? null : (
              <ColumnChooser
                columns={shownColumns
                  .slice(1)
                  .map((c) => ({ key: c.key, label: fieldLabel(t, name, c.key) }))}
                hidden={hiddenColumns}
                onChange={setHiddenColumns}
              />
            )}
            {contract.paths.list ? <ExportButton resource={resource} query={query} /> : null}
            {canCreate ? (
              <Button component={Link} to={`/${entry.path}/new`} leftSection={<IconPlus size={16} />}>
                {text('add')}
              </Button>
            ) : null}
          </>
        }
      />
      <ResourceNotice name={name} />
      <LiveNotice name={name} loadedAt={list.dataUpdatedAt} />
      {Extra ? <Extra /> : null}
      <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
        <FilterBar
          resource={resource}
          state={state}
          onSearch={(search) => update({ search, page: 1 })}
          onFilters={(filters) => update({ filters, page: 1 })}
          onReset={() => update({ search: '', filters: defaultFilters(resource), page: 1 })}
        />
        {selectable ? (
          <Group
            gap="xs"
            mb="sm"
            p="xs"
            wrap="wrap"
            bg={
              selected.length > 0
                ? 'var(--mantine-primary-color-light)'
                : 'var(--mantine-color-default-hover)'
            }
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
            data-testid="bulk-bar"
          >
            <Text
              size="sm"
              fw={selected.length > 0 ? 600 : 400}
              c={selected.length > 0 ? undefined : 'dimmed'}
              mr="xs"
            >
              {selected.length > 0 ? t('list.selected', { count: selected.length }) : t('list.selectHint')}
            </Text>
            {selectionActions.map((a) => (
              <ActionButton
                key={a.key ?? a.contract.name}
                action={a}
                name={name}
                variant="light"
                size="xs"
                disabled={selected.length === 0}
                target={{ rows: selected, ids: selectedIds, titles: selected.map((r) => resource.title(r)) }}
                onDone={() => (a.keepSelection ? undefined : setSelected([]))}
              />
            ))}
            {selected.length > 0 ? (
              <Button
                size="xs"
                variant="subtle"
                color="gray"
                leftSection={<IconSquareOff size={14} />}
                onClick={() => setSelected([])}
              >
                {t('list.clearSelection')}
              </Button>
            ) : null}
          </Group>
        ) : null}
        {list.isError ? (
          <ErrorAlert error={list.error} onRetry={() => list.refetch()} title={t('list.loadFailed')} />
        ) : phone ? (
          <RecordCards<Row>
            rows={rows}
            idOf={idOf}
            titleOf={(r) => cell(shownColumns[0], r)}
            linkOf={contract.paths.get ? (r) => `/${entry.path}/${idOf(r)}` : undefined}
            columns={shownColumns
              .slice(1)
              .filter((c) => !hiddenColumns.includes(c.key))
              .map((c) => ({ key: c.key, label: fieldLabel(t, name, c.key), render: (r) => cell(c, r) }))}
            actions={hasActions ? rowActions : undefined}
            total={total.total}
            totalEstimated={total.estimated}
            page={state.page}
            limit={state.limit}
            onPage={(page) => update({ page })}
            onLimit={(limit) => update({ limit, page: 1 })}
            sortOptions={resource.columns
              .filter((c) => c.sortKey)
              .flatMap((c) => [
                { value: `${c.sortKey}:asc`, label: `${fieldLabel(t, name, c.key)} ↑` },
                { value: `${c.sortKey}:desc`, label: `${fieldLabel(t, name, c.key)} ↓` },
              ])}
            sortValue={state.by ? `${state.by}:${state.sort}` : null}
            onSort={(v) => {
              const [by, sort] = v.split(':');
              update({ by, sort: sort === 'desc' ? 'desc' : 'asc', page: 1 });
            }}
            emptyText={filtered ? t('list.emptyFiltered') : t('list.empty')}
            fetching={list.isFetching}
            selection={
              selectable
                ? {
                    isSelected: (r) => selected.some((x) => idOf(x) === idOf(r)),
                    toggle: (r, on) =>
                      setSelected((cur) => (on ? [...cur, r] : cur.filter((x) => idOf(x) !== idOf(r)))),
                    label: (r) => t('list.selectRow', { name: resource.title(r) }),
                  }
                : undefined
            }
          />
        ) : (
          <ListTable<Row>
            records={rows}
            keyOf={idOf}
            columns={columns}
            fetching={list.isFetching}
            sort={sortColumn ? { key: sortColumn.key, direction: state.sort } : null}
            onSort={onSort}
            sortLabels={{
              ascending: t('list.sort.ascending'),
              descending: t('list.sort.descending'),
              none: t('list.sort.none'),
            }}
            selection={
              selectable
                ? {
                    selected,
                    onChange: setSelected,
                    pageLabel: t('list.selectPage'),
                    rowLabel: (r) => t('list.selectRow', { name: resource.title(r) }),
                  }
                : undefined
            }
            pager={{
              total: total.total,
              page: state.page,
              limit: state.limit,
              pageSizes: PAGE_SIZES,
              onPage: (page) => update({ page }),
              onLimit: (limit) => update({ limit, page: 1 }),
              rangeText: (from, to, all) =>
                rangeText(t, i18n.language, { from, to, total: all, estimated: total.estimated }),
              labels: {
                perPage: t('list.perPage'),
                first: t('list.pager.first'),
                previous: t('list.pager.previous'),
                next: t('list.pager.next'),
                last: t('list.pager.last'),
                pages: t('list.pager.pages'),
              },
            }}
            emptyText={filtered ? t('list.emptyFiltered') : t('list.empty')}
            emptyIcon={<IconDatabaseOff size={32} stroke={1.5} />}
            loadingText={t('common.loading')}
          />
        )}
      </Paper>
      <DeleteRecordDialog
        name={name}
        what={title.toLowerCase()}
        record={toDelete ? resource.title(toDelete) : null}
        onClose={() => setToDelete(null)}
        onDelete={() => remove.mutateAsync(idOf(toDelete!))}
      />
    </>
  );
}
