// One confirmed redemption keeps one Idempotency-Key until the server answers it: a retry after a
// lost connection (even after the app was closed) sends the same key, and the server answers the
// first result instead of debiting again. A definite answer (the redemption, or a refusal) ends it.
import type { StoreRedeemResult } from '@lbo/contract/store';
import { ApiError, call, newIdempotencyKey } from './api';

const PENDING_KEY = 'lbo_store_pending_redeem';
/** A key left unanswered longer than this is not reused: the store means a new redemption. */
const PENDING_MAX_AGE_MS = 24 * 3600_000;

type Pending = { coupon_id: number; key: string; at: number };

function readPending(): Pending[] {
  try {
    const list = JSON.parse(localStorage.getItem(PENDING_KEY) ?? '[]') as Pending[];
    return Array.isArray(list) ? list.filter((p) => Date.now() - p.at < PENDING_MAX_AGE_MS) : [];
  } catch {
    return [];
  }
}

function writePending(list: Pending[]) {
  if (list.length === 0) localStorage.removeItem(PENDING_KEY);
  else localStorage.setItem(PENDING_KEY, JSON.stringify(list));
}

/** The key of an unanswered redemption of this coupon, if there is one. */
export function pendingKey(couponId: number): string | undefined {
  return readPending().find((p) => p.coupon_id === couponId)?.key;
}

export async function redeem(couponId: number): Promise<StoreRedeemResult> {
  let key = pendingKey(couponId);
  if (!key) {
    key = newIdempotencyKey();
    writePending([...readPending(), { coupon_id: couponId, key, at: Date.now() }]);
  }
  try {
    const { data } = await call<StoreRedeemResult>('POST', `/store/coupons/${couponId}/redeem`, {
      headers: { 'Idempotency-Key': key },
      // A redemption on a slow line can take a while: wait longer before calling it lost.
      timeoutMs: 30_000,
    });
    writePending(readPending().filter((p) => p.key !== key));
    return data;
  } catch (e) {
    // No answer (or a server failure): the redemption may have been written; keep the key.
    const unanswered = e instanceof ApiError && (e.status === 0 || e.status >= 500);
    if (!unanswered) writePending(readPending().filter((p) => p.key !== key));
    throw e;
  }
}
