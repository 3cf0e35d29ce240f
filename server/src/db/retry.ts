// Retries a transaction that PostgreSQL aborted to resolve a conflict between concurrent ones (a
// deadlock, 40P01, or a serialization failure, 40001): the work is redone from the start a few times,
// after a short random pause, before the client sees a 409. Only for work that is one transaction
// and whose effects are all inside it.
const RETRYABLE = new Set(['40P01', '40001']);

export type PgError = {
  code?: string;
  constraint?: string;
  detail?: string;
  table?: string;
  message?: string;
};

/** The PostgreSQL error (one with a SQLSTATE) in an error or its causes: drivers and Drizzle wrap them. */
export function pgErrorOf(err: unknown): PgError | null {
  let cur: unknown = err;
  for (let i = 0; i < 5 && cur && typeof cur === 'object'; i++) {
    const c = cur as PgError & { cause?: unknown };
    if (typeof c.code === 'string' && /^[0-9A-Z]{5}$/.test(c.code)) return c;
    cur = c.cause;
  }
  return null;
}

/** The SQLSTATE of an error or of one of its causes. */
export const sqlState = (err: unknown): string | undefined => pgErrorOf(err)?.code;

export async function retryOnConflict<T>(
  work: () => Promise<T>,
  opts: { attempts?: number; onRetry?: (attempt: number, code: string) => void } = {},
): Promise<T> {
  const attempts = opts.attempts ?? 4;
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      const code = sqlState(err);
      if (!code || !RETRYABLE.has(code) || attempt >= attempts) throw err;
      opts.onRetry?.(attempt, code);
      await new Promise((r) => setTimeout(r, 10 + Math.random() * 40 * attempt));
    }
  }
}
