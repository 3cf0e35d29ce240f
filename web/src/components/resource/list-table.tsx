// The list screens' table (resource-list.page.tsx): rows, sortable headers, the selection's
// checkboxes, a loading veil, the empty state and the pager, drawn with plain elements and the
// theme's CSS variables (list-table.css).
//
// Not mantine-datatable on the list screens: there every cell, header, checkbox
// and pager button was a Mantine component (a Box with its style hooks), about 600 component
// renders for a page of ten rows, each drawn again on every page, sort and selection change. Here
// a row is one component and its cells are plain <td>s; the row-per-page select is the browser's.
import { Loader } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import './list-table.css';

export type ListColumn<R> = {
  key: string;
  title: ReactNode;
  render(record: R): ReactNode;
  sortable?: boolean;
  width?: number | string;
  align?: 'left' | 'center' | 'right';
  noWrap?: boolean;
  /** Kept in view at the right edge when the table scrolls sideways (the row actions). */
  pinnedRight?: boolean;
};

export type ListSort = { key: string; direction: 'asc' | 'desc' } | null;

export type ListPager = {
  total: number;
  page: number;
  limit: number;
  pageSizes: number[];
  onPage(page: number): void;
  onLimit(limit: number): void;
  /** "1–10 of 35". */
  rangeText(from: number, to: number, total: number): string;
  labels: { perPage: string; first: string; previous: string; next: string; last: string; pages: string };
};

export type ListSelection<R> = {
  selected: R[];
  onChange(selected: R[]): void;
  pageLabel: string;
  rowLabel(record: R): string;
};

export type ListTableProps<R> = {
  records: R[];
  keyOf(record: R): string;
  /** The columns shown, in order. */
  columns: ListColumn<R>[];
  sort?: ListSort;
  onSort?(key: string): void;
  /** What a sortable header says of its state (its title), in the user's language. */
  sortLabels: { ascending: string; descending: string; none: string };
  fetching?: boolean;
  emptyText: string;
  emptyIcon?: ReactNode;
  loadingText: string;
  selection?: ListSelection<R>;
  pager?: ListPager;
};

const alignClass = (align: ListColumn<unknown>['align']) =>
  align === 'right' ? 'lbo-al-r' : align === 'center' ? 'lbo-al-c' : undefined;

const cellClass = <R,>(c: ListColumn<R>) =>
  [alignClass(c.align), c.noWrap ? 'lbo-nowrap' : undefined, c.pinnedRight ? 'lbo-pinned-right' : undefined]
    .filter(Boolean)
    .join(' ') || undefined;

/**
 * Where a cell sticks when a wide table scrolls sideways: the first column (the record's name or
 * link, which says what a row is) on the left, after the tick boxes; the row actions on the right.
 */
const pinnedAt = <R,>(c: ListColumn<R>, i: number) =>
  c.pinnedRight ? 'right' : i === 0 ? 'left' : undefined;

/** A sortable header's state as aria-sort says it (and as `sortLabels` words it). */
const ARIA_SORT = { asc: 'ascending', desc: 'descending', none: 'none' } as const;

/** The page numbers to offer: the first, the last, and the current one with one either side. */
export function pageWindow(page: number, pages: number): (number | 'gap')[] {
  const shown = new Set([1, pages, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pages));
  const sorted = [...shown].sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  for (const p of sorted) {
    const prev = out[out.length - 1];
    if (typeof prev === 'number' && p - prev === 2) out.push(prev + 1);
    else if (typeof prev === 'number' && p - prev > 2) out.push('gap');
    out.push(p);
  }
  return out;
}

function Checkbox({
  checked,
  indeterminate = false,
  label,
  onChange,
}: {
  checked: boolean;
  indeterminate?: boolean;
  label: string;
  onChange(checked: boolean): void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className="lbo-check"
      checked={checked}
      aria-label={label}
      onChange={(e) => onChange(e.currentTarget.checked)}
    />
  );
}

type RowProps<R> = {
  record: R;
  columns: ListColumn<R>[];
  selection?: { checked: boolean; label: string; toggle(on: boolean): void };
};

function Row<R>({ record, columns, selection }: RowProps<R>) {
  return (
    <tr data-selected={selection?.checked || undefined}>
      {selection ? (
        <td className="lbo-check-cell" data-pinned="left">
          <Checkbox checked={selection.checked} label={selection.label} onChange={selection.toggle} />
        </td>
      ) : null}
      {columns.map((c, i) => (
        <td key={c.key} className={cellClass(c)} data-pinned={pinnedAt(c, i)}>
          {c.render(record)}
        </td>
      ))}
    </tr>
  );
}

function SortIcon({ direction }: { direction: 'asc' | 'desc' | null }) {
  const Icon = direction === 'asc' ? IconChevronUp : direction === 'desc' ? IconChevronDown : IconSelector;
  return <Icon size={14} stroke={2} aria-hidden className="lbo-sort-icon" />;
}

function Pager({ pager, rows }: { pager: ListPager; rows: number }) {
  const sizeId = useId();
  const { total, page, limit, labels } = pager;
  const pages = Math.max(1, Math.ceil(total / limit));
  const from = total === 0 ? 0 : (page - 1) * limit + 1;
  const to = total === 0 ? 0 : Math.min(total, (page - 1) * limit + Math.max(rows, 1));
  const step = (label: string, target: number, glyph: ReactNode) => (
    <button
      type="button"
      className="lbo-page"
      aria-label={label}
      disabled={target < 1 || target > pages || target === page}
      onClick={() => pager.onPage(target)}
    >
      {glyph}
    </button>
  );
  return (
    <div className="lbo-pager">
      <span className="lbo-pager-range">{pager.rangeText(from, to, total)}</span>
      <span className="lbo-pager-size">
        <label htmlFor={sizeId}>{labels.perPage}</label>
        <select id={sizeId} value={limit} onChange={(e) => pager.onLimit(Number(e.currentTarget.value))}>
          {pager.pageSizes.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </span>
      <nav className="lbo-pages" aria-label={labels.pages}>
        {step(labels.first, 1, '«')}
        {step(labels.previous, page - 1, '‹')}
        {pageWindow(page, pages).map((p, i) =>
          p === 'gap' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity but its place
            <span key={`gap-${i}`} className="lbo-page-gap" aria-hidden>
              …
            </span>
          ) : (
            <button
              key={p}
              type="button"
              className="lbo-page"
              aria-current={p === page ? 'page' : undefined}
              onClick={() => p !== page && pager.onPage(p)}
            >
              {p}
            </button>
          ),
        )}
        {step(labels.next, page + 1, '›')}
        {step(labels.last, pages, '»')}
      </nav>
    </div>
  );
}

export function ListTable<R>({
  records,
  keyOf,
  columns,
  sort,
  onSort,
  sortLabels,
  fetching = false,
  emptyText,
  emptyIcon,
  loadingText,
  selection,
  pager,
}: ListTableProps<R>) {
  const selectedKeys = new Set(selection?.selected.map(keyOf));
  const onPage = records.filter((r) => selectedKeys.has(keyOf(r))).length;
  const toggleAll = (on: boolean) => {
    if (!selection) return;
    const here = new Set(records.map(keyOf));
    const others = selection.selected.filter((r) => !here.has(keyOf(r)));
    selection.onChange(on ? [...others, ...records] : others);
  };
  const toggle = (record: R, on: boolean) => {
    if (!selection) return;
    const key = keyOf(record);
    selection.onChange(
      on ? [...selection.selected, record] : selection.selected.filter((r) => keyOf(r) !== key),
    );
  };
  const empty = records.length === 0;
  const width = columns.length + (selection ? 1 : 0);

  return (
    <div className="lbo-table-box" data-selectable={selection ? '' : undefined}>
      <div className="lbo-table-scroll">
        <table className="lbo-table" aria-busy={fetching || undefined}>
          <thead>
            <tr>
              {selection ? (
                <th scope="col" className="lbo-check-cell" data-pinned="left">
                  <Checkbox
                    checked={!empty && onPage === records.length}
                    indeterminate={onPage > 0 && onPage < records.length}
                    label={selection.pageLabel}
                    onChange={toggleAll}
                  />
                </th>
              ) : null}
              {columns.map((c, i) => {
                const sortable = !!c.sortable && !!onSort;
                const direction = sort && sort.key === c.key ? sort.direction : null;
                const ariaSort = sortable ? ARIA_SORT[direction ?? 'none'] : undefined;
                const cls = cellClass(c);
                return (
                  <th
                    key={c.key}
                    scope="col"
                    data-accessor={c.key}
                    className={sortable ? [cls, 'lbo-sortable'].filter(Boolean).join(' ') : cls}
                    style={c.width !== undefined ? { width: c.width } : undefined}
                    data-pinned={pinnedAt(c, i)}
                    aria-sort={ariaSort}
                    title={ariaSort && sortLabels[ariaSort]}
                  >
                    {sortable ? (
                      <button type="button" className="lbo-sort" onClick={() => onSort?.(c.key)}>
                        <span>{c.title}</span>
                        <SortIcon direction={direction} />
                      </button>
                    ) : (
                      c.title
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {empty ? (
              <tr className="lbo-empty-row">
                <td colSpan={width}>
                  <div className="lbo-empty">
                    {fetching ? (
                      <span className="lbo-visually-hidden">{loadingText}</span>
                    ) : (
                      <>
                        {emptyIcon}
                        <span>{emptyText}</span>
                      </>
                    )}
                  </div>
                </td>
              </tr>
            ) : (
              records.map((r) => {
                const key = keyOf(r);
                return (
                  <Row<R>
                    key={key}
                    record={r}
                    columns={columns}
                    selection={
                      selection
                        ? {
                            checked: selectedKeys.has(key),
                            label: selection.rowLabel(r),
                            toggle: (on: boolean) => toggle(r, on),
                          }
                        : undefined
                    }
                  />
                );
              })
            )}
          </tbody>
        </table>
      </div>
      {fetching ? (
        <div className="lbo-table-veil" role="status" aria-label={loadingText}>
          <Loader size="md" />
        </div>
      ) : null}
      {pager ? <Pager pager={pager} rows={records.length} /> : null}
    </div>
  );
}
