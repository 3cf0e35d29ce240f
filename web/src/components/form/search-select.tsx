// A dropdown over a table too big to load at once (customers): options are asked for as the user
// types (the source's `searchParam`), a chosen option keeps its label when the results change,
// and a value set before any search shows `currentLabel`.
import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toOptions } from '../resource/select-options';
import type { SelectSource } from '../resource/types';
import { useSelectOptions } from '../resource/use-resource';

type Props = Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchable'> & {
  source: SelectSource;
  value: string | null;
  onChange(value: string | null): void;
  currentLabel?: string;
};

export function SearchSelect({ source, value, onChange, currentLabel, ...rest }: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const known = useRef(new Map<string, string>());
  if (value && currentLabel && !known.current.has(value)) known.current.set(value, currentLabel);
  // After a choice the box shows the option's label: that is not something to search for.
  const typed = value && search === known.current.get(value) ? '' : search.trim();
  const [debounced] = useDebouncedValue(typed, 300);
  const param = source.searchParam ?? 'search';
  const q = useSelectOptions(source, debounced ? { [param]: debounced } : undefined);
  const data = useMemo(() => {
    const options = q.data ? toOptions(source, q.data, t) : [];
    for (const o of options) known.current.set(o.value, o.label);
    if (value && !options.some((o) => o.value === value)) {
      options.unshift({ value, label: known.current.get(value) ?? `#${value}` });
    }
    return options;
  }, [q.data, source, t, value]);
  return (
    <Select
      {...rest}
      searchable
      data={data}
      value={value}
      onChange={onChange}
      searchValue={search}
      onSearchChange={setSearch}
      // The server has filtered already.
      filter={({ options }) => options}
      nothingFoundMessage={q.isFetching ? t('common.loading') : t('list.noOptions')}
      error={rest.error ?? (q.isError ? t('list.optionsFailed') : undefined)}
    />
  );
}
