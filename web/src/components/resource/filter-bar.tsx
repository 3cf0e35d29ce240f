// Search box and the resource's filters (dropdowns fed by /select routes, yes/no, date ranges),
// starting from the resource's default filters, each removable with its clear button.
import { Badge, Button, CloseButton, Group, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconFilterOff, IconSearch } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DateRangeField } from '../form/date-field';
import { LazySelect } from '../form/lazy-select';
import { fieldLabel } from './field-label';
import { defaultFilters, differsFromDefaults, filterParams, type ListState } from './list-state';
import { useOptions } from './select-options';
import { type AnyResource, type FilterDef, resourceName } from './types';

type Props = {
  resource: AnyResource;
  state: ListState;
  onSearch: (search: string) => void;
  onFilters: (filters: Record<string, string>) => void;
  onReset: () => void;
};

export function FilterBar({ resource, state, onSearch, onFilters, onReset }: Props) {
  const { t } = useTranslation();
  const name = resourceName(resource);
  const [search, setSearch] = useState(state.search);
  const debounced = useDebouncedCallback((v: string) => onSearch(v), 350);
  // Keep the box in step when the URL changes (Back, reset).
  useEffect(() => setSearch(state.search), [state.search]);
  const setFilter = (patch: Record<string, string>) => onFilters({ ...state.filters, ...patch });
  // Reset goes back to where the list starts: no search, the resource's default filters.
  const active = differsFromDefaults(state, resource);
  const hasDefaults = Object.keys(defaultFilters(resource)).length > 0;
  const filters = resource.filters ?? [];
  const more = filters.filter((f) => f.more);
  const moreActive = more.filter((f) => filterParams(f).some((p) => state.filters[p])).length;
  const [showMore, setShowMore] = useState(moreActive > 0);
  const shown = filters.filter((f) => !f.more || showMore || moreActive > 0);
  // Filters from a link (`?customer_id=7&for=Toko Maju`) that have no widget: a removable chip.
  const [params] = useSearchParams();
  const covered = new Set(filters.flatMap((f) => filterParams(f)));
  const linked = Object.entries(state.filters).filter(([k, v]) => v && !covered.has(k));

  return (
    <Group gap="sm" align="flex-end" wrap="wrap" mb="md">
      <TextInput
        label={t('list.search')}
        placeholder={t('list.searchPlaceholder')}
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          debounced(e.currentTarget.value);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            debounced.cancel?.();
            onSearch(search);
          }
        }}
        w={{ base: '100%', xs: 260 }}
        aria-label={t('list.search')}
        data-testid="list-search"
      />
      {shown.map((f) => (
        <FilterWidget key={f.key} filter={f} name={name} state={state} setFilter={setFilter} t={t} />
      ))}
      {linked.map(([key, value]) => (
        <Badge
          key={key}
          size="lg"
          variant="light"
          tt="none"
          data-testid="linked-filter"
          rightSection={
            <CloseButton
              size="xs"
              aria-label={t('list.removeFilter', { name: fieldLabel(t, name, key) })}
              onClick={() => setFilter({ [key]: '' })}
            />
          }
        >
          {fieldLabel(t, name, key)}: {params.get('for') || value}
        </Badge>
      ))}
      {more.length > 0 && moreActive === 0 ? (
        <Button
          variant="subtle"
          leftSection={<IconAdjustmentsHorizontal size={16} />}
          onClick={() => setShowMore((v) => !v)}
          aria-expanded={showMore}
        >
          {showMore ? t('list.fewerFilters') : t('list.moreFilters', { count: more.length })}
        </Button>
      ) : null}
      {active ? (
        <Button variant="subtle" color="gray" leftSection={<IconFilterOff size={16} />} onClick={onReset}>
          {t(hasDefaults ? 'list.resetToDefaults' : 'list.resetFilters')}
        </Button>
      ) : null}
    </Group>
  );
}

function FilterWidget({
  filter,
  name,
  state,
  setFilter,
  t,
}: {
  filter: FilterDef;
  name: string;
  state: ListState;
  setFilter: (patch: Record<string, string>) => void;
  t: TFunction;
}) {
  const label = fieldLabel(t, name, filter.key);
  const common = {
    label,
    w: { base: '100%', xs: 220 },
    clearable: true,
    placeholder: t('list.all'),
  } as const;
  switch (filter.kind) {
    case 'select':
      return (
        <SourceSelect
          {...common}
          filter={filter}
          value={state.filters[filter.key] ?? null}
          onChange={(v) => setFilter({ [filter.key]: v ?? '' })}
        />
      );
    case 'enum':
      return (
        <LazySelect
          {...common}
          searchable
          data={filter.options.map((o) => ({
            value: o,
            label: filter.optionLabel ? filter.optionLabel(o, t) : o,
          }))}
          value={state.filters[filter.key] ?? null}
          onChange={(v) => setFilter({ [filter.key]: v ?? '' })}
        />
      );
    case 'boolean': {
      const [yes, no] =
        filter.labels === 'active' ? ['common.active', 'common.inactive'] : ['common.yes', 'common.no'];
      return (
        <LazySelect
          {...common}
          data={[
            { value: 'true', label: t(yes) },
            { value: 'false', label: t(no) },
          ]}
          value={state.filters[filter.key] ?? null}
          onChange={(v) => setFilter({ [filter.key]: v ?? '' })}
        />
      );
    }
    case 'dateRange':
      return <DateRangeFilter filter={filter} label={label} state={state} setFilter={setFilter} t={t} />;
    case 'text':
      return (
        <TextFilter
          label={label}
          inputMode={filter.inputMode}
          value={state.filters[filter.key] ?? ''}
          onApply={(v) => setFilter({ [filter.key]: v.trim() })}
        />
      );
  }
}

function TextFilter({
  label,
  value,
  inputMode,
  onApply,
}: {
  label: string;
  value: string;
  inputMode?: 'text' | 'tel' | 'numeric';
  onApply: (v: string) => void;
}) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const apply = () => {
    if (text.trim() !== value) onApply(text);
  };
  return (
    <TextInput
      label={label}
      w={{ base: '100%', xs: 200 }}
      inputMode={inputMode}
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') apply();
      }}
      onBlur={apply}
    />
  );
}

function SourceSelect({
  filter,
  value,
  onChange,
  ...rest
}: {
  filter: Extract<FilterDef, { kind: 'select' }>;
  value: string | null;
  onChange: (v: string | null) => void;
  label: string;
  placeholder: string;
  clearable: boolean;
  w: { base: string; xs: number };
}) {
  const { t } = useTranslation();
  const { grouped, isLoading, isError, allowed } = useOptions(filter.source);
  // A role that may not see the options (e.g. no branch rights): the filter is left out, the
  // server already limits the list to what the user may see.
  if (!allowed) return null;
  return (
    <LazySelect
      {...rest}
      searchable
      data={grouped}
      value={value}
      onChange={onChange}
      nothingFoundMessage={t('list.noOptions')}
      error={isError ? t('list.optionsFailed') : undefined}
      disabled={isLoading}
    />
  );
}

function DateRangeFilter({
  filter,
  label,
  state,
  setFilter,
  t,
}: {
  filter: Extract<FilterDef, { kind: 'dateRange' }>;
  label: string;
  state: ListState;
  setFilter: (patch: Record<string, string>) => void;
  t: TFunction;
}) {
  const from = state.filters[filter.from] ?? null;
  const to = state.filters[filter.to] ?? null;
  // Typed (01/03/2026 - 31/03/2026) or picked, with quick choices; applied once complete or cleared.
  return (
    <DateRangeField
      label={label}
      placeholder={filter.emptyLabel ? filter.emptyLabel(t) : t('list.anyDate')}
      w={{ base: '100%', xs: 260 }}
      value={[from, to]}
      onChange={([a, b]) => setFilter({ [filter.from]: a ?? '', [filter.to]: b ?? '' })}
    />
  );
}
