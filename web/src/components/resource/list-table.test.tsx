// The list screens' table: sorting headers with their state for screen readers, the selection
// (one row, the page, a page partly chosen), the pager and the empty and loading states.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from '../../testing/test-utils';
import { type ListSort, ListTable, type ListTableProps, pageWindow } from './list-table';

type R = { id: number; name: string };
const rows: R[] = [
  { id: 1, name: 'Toko Satu' },
  { id: 2, name: 'Toko Dua' },
  { id: 3, name: 'Toko Tiga' },
];
const SORT = { ascending: 'Urut naik', descending: 'Urut turun', none: 'Tidak diurutkan' };
const LABELS = {
  perPage: 'Baris per halaman',
  first: 'Halaman pertama',
  previous: 'Halaman sebelumnya',
  next: 'Halaman berikutnya',
  last: 'Halaman terakhir',
  pages: 'Halaman',
};

function Table(
  props: Partial<ListTableProps<R>> & { withSelection?: boolean; initial?: R[]; onSelected?(r: R[]): void },
) {
  const [selected, setSelected] = useState<R[]>(props.initial ?? []);
  return (
    <ListTable<R>
      records={rows}
      keyOf={(r) => String(r.id)}
      columns={[
        { key: 'name', title: 'Nama', sortable: true, render: (r) => r.name },
        { key: 'id', title: 'No', align: 'right', render: (r) => r.id },
      ]}
      sortLabels={SORT}
      emptyText="Belum ada data."
      loadingText="Memuat…"
      selection={
        props.withSelection
          ? {
              selected,
              onChange: (next) => {
                setSelected(next);
                props.onSelected?.(next);
              },
              pageLabel: 'Pilih semua',
              rowLabel: (r) => `Pilih ${r.name}`,
            }
          : undefined
      }
      {...props}
    />
  );
}

const renderTable = (props: Parameters<typeof Table>[0] = {}) =>
  render(
    <Providers>
      <Table {...props} />
    </Providers>,
  );

describe('ListTable', () => {
  it('should draw a row per record with plain cells, aligned as asked', () => {
    renderTable();
    const body = screen.getAllByRole('rowgroup')[1];
    const trs = within(body).getAllByRole('row');
    expect(trs.map((tr) => tr.textContent)).toEqual(['Toko Satu1', 'Toko Dua2', 'Toko Tiga3']);
    expect(within(trs[0]).getAllByRole('cell')[1].className).toContain('lbo-al-r');
  });

  it('should keep the first column (and the tick boxes) in view when a wide table scrolls sideways', () => {
    const { container } = renderTable({ withSelection: true });
    const header = screen.getAllByRole('columnheader');
    expect(header.map((th) => th.getAttribute('data-pinned'))).toEqual(['left', 'left', null]);
    const first = within(screen.getAllByRole('row')[1]).getAllByRole('cell');
    expect(first.map((td) => td.getAttribute('data-pinned'))).toEqual(['left', 'left', null]);
    expect(container.querySelector('.lbo-table-box')?.hasAttribute('data-selectable')).toBe(true);
  });

  it('should sort by a header button and say its state with aria-sort and a title', async () => {
    const onSort = vi.fn();
    const { rerender } = renderTable({ sort: null, onSort });
    const header = screen.getByRole('columnheader', { name: 'Nama' });
    expect(header.getAttribute('aria-sort')).toBe('none');
    expect(header.getAttribute('title')).toBe('Tidak diurutkan');
    // A header that does not sort is a plain one.
    expect(screen.getByRole('columnheader', { name: 'No' }).getAttribute('aria-sort')).toBeNull();
    await userEvent.click(within(header).getByRole('button', { name: 'Nama' }));
    expect(onSort).toHaveBeenCalledWith('name');
    const desc: ListSort = { key: 'name', direction: 'desc' };
    rerender(
      <Providers>
        <Table sort={desc} onSort={onSort} />
      </Providers>,
    );
    const sorted = screen.getByRole('columnheader', { name: 'Nama' });
    expect(sorted.getAttribute('aria-sort')).toBe('descending');
    expect(sorted.getAttribute('title')).toBe('Urut turun');
  });

  it('should choose rows one by one and the page at once, keeping rows of other pages', async () => {
    const user = userEvent.setup();
    const other = { id: 9, name: 'Toko Lain' };
    const onSelected = vi.fn();
    renderTable({ withSelection: true, initial: [other], onSelected });
    const all = screen.getByRole('checkbox', { name: 'Pilih semua' }) as HTMLInputElement;
    expect(all.checked).toBe(false);
    expect(all.indeterminate).toBe(false);
    await user.click(screen.getByRole('checkbox', { name: 'Pilih Toko Dua' }));
    expect((screen.getByRole('checkbox', { name: 'Pilih Toko Dua' }) as HTMLInputElement).checked).toBe(true);
    expect(all.indeterminate).toBe(true);
    await user.click(all);
    expect(all.checked).toBe(true);
    expect(all.indeterminate).toBe(false);
    expect(onSelected.mock.lastCall?.[0].map((r: R) => r.id).sort()).toEqual([1, 2, 3, 9]);
    for (const r of rows)
      expect((screen.getByRole('checkbox', { name: `Pilih ${r.name}` }) as HTMLInputElement).checked).toBe(
        true,
      );
    // Unticking the page leaves the other page's choice alone (the header box only speaks for this page).
    await user.click(all);
    expect(all.checked).toBe(false);
    expect(onSelected.mock.lastCall?.[0]).toEqual([other]);
    for (const r of rows)
      expect((screen.getByRole('checkbox', { name: `Pilih ${r.name}` }) as HTMLInputElement).checked).toBe(
        false,
      );
  });

  it('should page: the range, the page size, first to last, the current page marked', async () => {
    const user = userEvent.setup();
    const onPage = vi.fn();
    const onLimit = vi.fn();
    renderTable({
      pager: {
        total: 95,
        page: 5,
        limit: 10,
        pageSizes: [10, 20, 50],
        onPage,
        onLimit,
        rangeText: (from, to, total) => `${from}–${to} dari ${total}`,
        labels: LABELS,
      },
    });
    // The page holds three rows here: "41–43".
    expect(screen.getByText('41–43 dari 95')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Halaman' });
    expect(within(nav).getByRole('button', { name: '5' }).getAttribute('aria-current')).toBe('page');
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['«', '‹', '1', '4', '5', '6', '10', '›', '»']);
    await user.click(screen.getByRole('button', { name: 'Halaman berikutnya' }));
    await user.click(screen.getByRole('button', { name: 'Halaman terakhir' }));
    await user.click(screen.getByRole('button', { name: 'Halaman pertama' }));
    expect(onPage.mock.calls.map((c) => c[0])).toEqual([6, 10, 1]);
    await user.selectOptions(screen.getByLabelText('Baris per halaman'), '50');
    expect(onLimit).toHaveBeenCalledWith(50);
  });

  it('should say a list is empty, and veil it while it loads', () => {
    const { rerender } = renderTable({ records: [] });
    expect(screen.getByText('Belum ada data.')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    rerender(
      <Providers>
        <Table records={[]} fetching />
      </Providers>,
    );
    expect(screen.queryByText('Belum ada data.')).toBeNull();
    expect(screen.getByRole('status', { name: 'Memuat…' })).toBeTruthy();
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
  });
});

describe('pageWindow', () => {
  it('should offer the first, the last and the neighbours of the current page, with gaps', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 200)).toEqual([1, 2, 'gap', 200]);
    expect(pageWindow(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
    // A gap of one page shows the page instead.
    expect(pageWindow(4, 10)).toEqual([1, 2, 3, 4, 5, 'gap', 10]);
    expect(pageWindow(10, 10)).toEqual([1, 'gap', 9, 10]);
  });
});
