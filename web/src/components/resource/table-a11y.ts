// Sortable headers that screen readers understand, in the user's language: the table library marks
// a sortable header as a button with English icon labels; this keeps it a column header with
// `aria-sort` (ascending / descending / none) and names the sort icons in the chosen language.
import type { TFunction } from 'i18next';
import { type RefObject, useLayoutEffect } from 'react';

export function useSortableHeaders(
  tableRef: RefObject<HTMLTableElement | null>,
  sorted: { column: string; direction: 'asc' | 'desc' } | null,
  t: TFunction,
) {
  // Runs after every render: the library may re-create header cells.
  useLayoutEffect(() => {
    const table = tableRef.current;
    if (!table) return;
    for (const th of table.querySelectorAll<HTMLTableCellElement>('thead th[data-accessor]')) {
      const sortable = th.classList.contains('mantine-datatable-header-cell-sortable');
      if (!sortable) continue;
      const accessor = th.getAttribute('data-accessor');
      const direction = sorted && sorted.column === accessor ? sorted.direction : null;
      th.setAttribute('role', 'columnheader');
      th.setAttribute(
        'aria-sort',
        direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none',
      );
      const state =
        direction === 'asc'
          ? t('list.sort.ascending')
          : direction === 'desc'
            ? t('list.sort.descending')
            : t('list.sort.none');
      th.setAttribute('title', state);
      for (const icon of th.querySelectorAll('[role="img"]')) icon.setAttribute('aria-label', state);
    }
  });
}
