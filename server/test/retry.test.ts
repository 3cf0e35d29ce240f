// retryOnConflict redoes work PostgreSQL aborted to resolve a conflict, and nothing else.
import { describe, expect, it } from 'vitest';
import { retryOnConflict, sqlState } from '../src/db/retry';

const pgError = (code: string) => Object.assign(new Error(`pg ${code}`), { code });
const wrapped = (code: string) => Object.assign(new Error('Failed query'), { cause: pgError(code) });

describe('retryOnConflict', () => {
  it('should redo the work after a deadlock or a serialization failure, wrapped or not', async () => {
    for (const failure of [pgError('40P01'), wrapped('40001')]) {
      let calls = 0;
      const result = await retryOnConflict(async () => {
        calls++;
        if (calls < 3) throw failure;
        return 'done';
      });
      expect({ result, calls }).toEqual({ result: 'done', calls: 3 });
    }
  });

  it('should give up after the last attempt with the original error', async () => {
    let calls = 0;
    const err = wrapped('40P01');
    await expect(
      retryOnConflict(
        async () => {
          calls++;
          throw err;
        },
        { attempts: 2 },
      ),
    ).rejects.toBe(err);
    expect(calls).toBe(2);
  });

  it('should not retry other errors', async () => {
    let calls = 0;
    const err = pgError('23505');
    await expect(
      retryOnConflict(async () => {
        calls++;
        throw err;
      }),
    ).rejects.toBe(err);
    expect(calls).toBe(1);
    expect(sqlState(new Error('plain'))).toBeUndefined();
  });
});
