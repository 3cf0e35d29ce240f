// Which columns a list shows: a menu of checkboxes beside the list's buttons, remembered per list
// in this browser (localStorage `lbo_cols_<list>`). The first column (the record's link) stays.
import { ActionIcon, Checkbox, Menu, Stack } from '@mantine/core';
import { IconColumns3 } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ROW_TIP } from './row-tip';

const storageKey = (list: string) => `lbo_cols_${list}`;

function readHidden(list: string): string[] {
  try {
    const v = JSON.parse(localStorage.getItem(storageKey(list)) ?? '[]');
    return Array.isArray(v) ? v.map(String) : [];
  } catch {
    return [];
  }
}

/** The hidden columns of a list and a setter that remembers them. */
export function useHiddenColumns(list: string): [string[], (hidden: string[]) => void] {
  const [hidden, setHidden] = useState<string[]>(() => readHidden(list));
  const set = useCallback(
    (next: string[]) => {
      setHidden(next);
      try {
        localStorage.setItem(storageKey(list), JSON.stringify(next));
      } catch {
        /* storage unavailable: the choice lasts until the page is left */
      }
    },
    [list],
  );
  return [hidden, set];
}

export function ColumnChooser({
  columns,
  hidden,
  onChange,
}: {
  /** The columns that may be hidden: key and label. */
  columns: { key: string; label: string }[];
  hidden: string[];
  onChange(hidden: string[]): void;
}) {
  const { t } = useTranslation();
  if (columns.length === 0) return null;
  return (
    <Menu closeOnItemClick={false} position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('list.columns')}
          data-testid="column-chooser"
          {...{ [ROW_TIP]: t('list.columns') }}
        >
          <IconColumns3 size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('list.columnsShown')}</Menu.Label>
        <Stack gap={6} p="xs">
          {columns.map((c) => (
            <Checkbox
              key={c.key}
              label={c.label}
              checked={!hidden.includes(c.key)}
              onChange={(e) =>
                onChange(e.currentTarget.checked ? hidden.filter((h) => h !== c.key) : [...hidden, c.key])
              }
            />
          ))}
        </Stack>
        {hidden.length > 0 ? (
          <Menu.Item onClick={() => onChange([])}>{t('list.columnsAll')}</Menu.Item>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}
