// Dropdown options from a select source, and id -> label maps for showing ids by name.
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Query } from '../../app/api-client';
import type { Row, SelectSource } from './types';
import { useSelectOptions } from './use-resource';

export type Option = { value: string; label: string };
export type OptionGroup = { group: string; items: Option[] };

export function toOptions(source: SelectSource, rows: Row[], t: TFunction): Option[] {
  return rows.map((r) => ({ value: String(r[source.valueKey]), label: source.label(r, t) }));
}

export function toGroupedOptions(source: SelectSource, rows: Row[], t: TFunction): (Option | OptionGroup)[] {
  if (!source.group) return toOptions(source, rows, t);
  const groups = new Map<string, Option[]>();
  for (const r of rows) {
    const g = source.group(r, t);
    const list = groups.get(g) ?? [];
    list.push({ value: String(r[source.valueKey]), label: source.label(r, t) });
    groups.set(g, list);
  }
  return [...groups].map(([group, items]) => ({ group, items }));
}

/** Options of a source plus the query state, for Select/MultiSelect widgets. */
export function useOptions(source: SelectSource | undefined, params?: Query, enabled = true) {
  const { t } = useTranslation();
  const q = useSelectOptions(source, params, enabled);
  const options = useMemo(() => (source && q.data ? toOptions(source, q.data, t) : []), [source, q.data, t]);
  const grouped = useMemo(
    () => (source && q.data ? toGroupedOptions(source, q.data, t) : []),
    [source, q.data, t],
  );
  const labels = useMemo(() => new Map(options.map((o) => [o.value, o.label])), [options]);
  return { ...q, options, grouped, labels };
}
