// The customers chosen for an injection, in the order they were added (the order of the rows sent,
// so the rows the pipeline names land on the right customer). Customers picked from the balance
// list are known at once; typed, pasted or imported codes are looked up on the server
// (GET /point/report/customer_balance?search=<code>, exact code match) to show the name and the
// current balance, a few at a time. Long lists (an imported file) are not looked up one by one:
// the injection's dry run at the preview checks them all in one call.
import { type CustomerBalanceRow, customerBalanceContract, type PointInjectRow } from '@lbo/contract/points';
import { useCallback, useRef, useState } from 'react';
import { api } from '../../app/api-client';
import { readableError } from '../../app/errors';
import type { RowErrors } from '../../components/import/use-import-run';
import { uniqueCodes } from './customer-codes';

export type PickStatus = 'pending' | 'found' | 'missing' | 'failed' | 'unchecked';
export type Picked = {
  /** As the user gave it; replaced by the stored spelling once found. */
  code: string;
  status: PickStatus;
  row?: CustomerBalanceRow;
  /** Why a lookup failed, or what the server said about this customer when injecting. */
  message?: string;
  /** The balance before the last refresh (after an injection: the balance before it). */
  before?: number;
};

const key = (code: string) => code.trim().toUpperCase();
const PARALLEL = 6;
/** Lists longer than this are checked by the server's dry run, not looked up code by code. */
export const LOOKUP_MAX = 300;

export async function lookupCode(code: string, signal?: AbortSignal): Promise<CustomerBalanceRow | null> {
  const { data } = await api.get<CustomerBalanceRow[]>(
    customerBalanceContract.paths.list!,
    { search: code, limit: 20 },
    signal,
  );
  return (data ?? []).find((r) => key(r.customer_code) === key(code)) ?? null;
}

export function useInjectSelection(t: Parameters<typeof readableError>[1]) {
  const [items, setItems] = useState<Picked[]>([]);
  // The list is kept in a ref as well, so that every change (also from lookups finishing) starts
  // from the latest one.
  const current = useRef<Picked[]>([]);
  const queue = useRef<string[]>([]);
  const running = useRef(0);
  const commit = useCallback((next: Picked[]) => {
    current.current = next;
    setItems(next);
  }, []);

  const patch = useCallback(
    (code: string, p: Partial<Picked>) =>
      commit(current.current.map((it) => (key(it.code) === key(code) ? { ...it, ...p } : it))),
    [commit],
  );

  const pump = useCallback(() => {
    while (running.current < PARALLEL && queue.current.length > 0) {
      const code = queue.current.shift()!;
      running.current++;
      lookupCode(code)
        .then((row) =>
          patch(
            code,
            row
              ? { status: 'found', row, code: row.customer_code, message: undefined }
              : { status: 'missing' },
          ),
        )
        .catch((e) => patch(code, { status: 'failed', message: readableError(e, t).messages.join(' ') }))
        .finally(() => {
          running.current--;
          pump();
        });
    }
  }, [patch, t]);

  /** Adds codes not chosen yet and looks them up; answers how many were new. */
  const addCodes = useCallback(
    (codes: string[]) => {
      const have = new Set(current.current.map((it) => key(it.code)));
      const added = uniqueCodes(codes).filter((c) => !have.has(key(c)));
      const lookup = current.current.length + added.length <= LOOKUP_MAX;
      commit([
        ...current.current,
        ...added.map((code): Picked => ({ code, status: lookup ? 'pending' : 'unchecked' })),
      ]);
      if (lookup) {
        queue.current.push(...added);
        pump();
      }
      return added.length;
    },
    [commit, pump],
  );

  /** Adds customers already loaded from the balance list; answers how many were new. */
  const addRows = useCallback(
    (rows: CustomerBalanceRow[]) => {
      const have = new Set(current.current.map((it) => key(it.code)));
      const fresh = rows.filter((r) => !have.has(key(r.customer_code)));
      commit([
        ...current.current,
        ...fresh.map((row): Picked => ({ code: row.customer_code, status: 'found', row })),
      ]);
      return fresh.length;
    },
    [commit],
  );

  const remove = useCallback(
    (code: string) => commit(current.current.filter((it) => key(it.code) !== key(code))),
    [commit],
  );

  /** Drops the codes not found and those the server refused (the preview's row errors). */
  const removeUnknown = useCallback(
    () =>
      commit(
        current.current.filter(
          (it) =>
            (it.status === 'found' || it.status === 'pending' || it.status === 'unchecked') && !it.message,
        ),
      ),
    [commit],
  );

  const clear = useCallback(() => {
    queue.current = [];
    commit([]);
  }, [commit]);

  /** Looks the chosen customers up again (after the injection: their new balances). */
  const refresh = useCallback(() => {
    if (current.current.length > LOOKUP_MAX) return;
    commit(
      current.current.map((it) => ({
        ...it,
        status: 'pending' as const,
        message: undefined,
        before: it.row?.point_balance,
      })),
    );
    queue.current.push(...current.current.map((it) => it.code));
    pump();
  }, [commit, pump]);

  /**
   * Attaches the pipeline's row messages to the customers they name: `row N` is the N-th item, as
   * the rows are sent in this order. Null clears every message.
   */
  const markRowErrors = useCallback(
    (errors: RowErrors | null) =>
      commit(
        current.current.map((it, i) => {
          const msgs = errors?.byRow.get(i);
          return { ...it, message: msgs ? msgs.join(' ') : undefined };
        }),
      ),
    [commit],
  );

  /** The rows of the injection, in the order of the list (the stored spelling of each code). */
  const rows = useCallback(
    (): PointInjectRow[] => current.current.map((it) => ({ customer_code: it.code })),
    [],
  );

  return { items, addCodes, addRows, remove, removeUnknown, clear, refresh, markRowErrors, rows };
}
