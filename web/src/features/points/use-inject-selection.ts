// The customers chosen for an injection, in the order they were added. Customers picked from the
// balance list are known at once; typed, pasted or imported codes are looked up on the server
// (GET /point/report/customer_balance?search=<code>, exact code match) to show the name and the
// current balance, a few at a time.
import { type CustomerBalanceRow, customerBalanceContract } from '@lbo/contract/points';
import { useCallback, useRef, useState } from 'react';
import { api } from '../../app/api-client';
import { readableError } from '../../app/errors';
import { uniqueCodes } from './customer-codes';

export type PickStatus = 'pending' | 'found' | 'missing' | 'failed';
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
      commit([...current.current, ...added.map((code): Picked => ({ code, status: 'pending' }))]);
      queue.current.push(...added);
      pump();
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

  const removeUnknown = useCallback(
    () => commit(current.current.filter((it) => it.status === 'found' || it.status === 'pending')),
    [commit],
  );

  const clear = useCallback(() => {
    queue.current = [];
    commit([]);
  }, [commit]);

  /** Looks the chosen customers up again (after the injection: their new balances). */
  const refresh = useCallback(() => {
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

  /** Attaches the server's messages to the rows they name (quoted or bare code). */
  const markErrors = useCallback(
    (messages: string[]) =>
      commit(
        current.current.map((it) => {
          const re = new RegExp(`(^|[^A-Z0-9])${escapeRe(it.code)}([^A-Z0-9]|$)`, 'i');
          const hits = messages.filter((m) => re.test(m));
          return { ...it, message: hits.length > 0 ? hits.join(' ') : undefined };
        }),
      ),
    [commit],
  );

  return { items, addCodes, addRows, remove, removeUnknown, clear, refresh, markErrors };
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
