// Retries a transaction that PostgreSQL aborted to resolve a conflict between concurrent ones (a
// deadlock, 40P01, or a serialization failure, 40001): the work is redone from the start a few times,
// after a short random pause, before the client sees a 409. Only for work that is one transaction
// and whose effects are all inside it.
const RETRYABLE = new Set(['40P01', '40001']);

/** The SQLSTATE of an error or of one of its causes (drivers and Drizzle wrap them). */
export function sqlState(err: unknown): string | undefined {
  let cur: unknown = err;
  for (let i = 0; i < 5 && cur && typeof cur === 'object'; i++) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    cur = (cur as { cause?: unknown }).cause;
  }
  return undefined;
}

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
