// Reading an import's refusal back onto its rows from the answer's details: the row numbers, not the
// words, so an Indonesian answer and a 403 for rows outside the user's branches mark rows the same
// way an English 400 does; an answer naming no row stays one error for an alert.
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../app/api-client';
import { fail, initTestI18n, signIn, stubApi } from '../../testing/test-utils';
import { rowErrorsOf, useImportRun } from './use-import-run';

beforeEach(() => {
  initTestI18n();
  signIn();
});

describe('rowErrorsOf', () => {
  it('should file each detail under its row, without the row label, and keep the rest apart', () => {
    const e = new ApiError(
      400,
      'VALIDATION_ERROR',
      [],
      [
        {
          code: 'not_found',
          field: 'customer_code',
          row: 2,
          message: "baris 2: Kode pelanggan 'X' tidak ditemukan",
        },
        { code: 'invalid', field: 'month', row: 2, message: 'baris 2: month: harus bulan 1..12' },
        { code: 'duplicate_row', row: 10, message: 'baris 10: duplikat dari baris 1 (customer_code C1)' },
        { code: 'more', message: '... dan 3 lagi' },
      ],
    );
    const rows = rowErrorsOf(e);
    expect([...(rows?.byRow.entries() ?? [])]).toEqual([
      [1, ["Kode pelanggan 'X' tidak ditemukan", 'month: harus bulan 1..12']],
      [9, ['duplikat dari baris 1 (customer_code C1)']],
    ]);
    expect(rows?.general).toEqual(['... dan 3 lagi']);
  });

  it('should mark the rows of a 403 (outside the user branches) as of a 400', () => {
    const e = new ApiError(
      403,
      'FORBIDDEN',
      [],
      [
        {
          code: 'outside_scope',
          row: 3,
          field: 'customer_code',
          message: 'row 3: Customer C9 belongs to a branch outside your assigned branches',
        },
      ],
    );
    expect([...(rowErrorsOf(e)?.byRow.keys() ?? [])]).toEqual([2]);
  });

  it('should leave an answer that names no row, or is not a refusal, to an alert', () => {
    expect(
      rowErrorsOf(
        new ApiError(
          400,
          'VALIDATION_ERROR',
          ['rows: harus 1 atau lebih'],
          [{ code: 'min', field: 'rows', message: 'rows: harus 1 atau lebih' }],
        ),
      ),
    ).toBeNull();
    expect(
      rowErrorsOf(new ApiError(409, 'CONFLICT', ['x'], [{ code: 'x', row: 1, message: 'x' }])),
    ).toBeNull();
    expect(rowErrorsOf(new Error('network'))).toBeNull();
  });
});

describe('useImportRun', () => {
  it('should answer ok, refused rows or a failure, and keep only the latest run', async () => {
    let answer: 'ok' | 'rows' | 'conflict' = 'rows';
    stubApi(({ url, body }) => {
      if (!url.pathname.endsWith('/x/import')) return undefined;
      if (answer === 'ok') return { status: 200, body: { data: { inserted: 1, updated: 0, unchanged: 0 } } };
      if (answer === 'conflict')
        return fail(409, 'CONFLICT', ['Kuota habis'], [{ code: 'q', message: 'Kuota habis' }]);
      const n = (body as { rows: unknown[] }).rows.length;
      return fail(
        403,
        'FORBIDDEN',
        [`baris ${n}: di luar`],
        [{ code: 'outside_scope', row: n, message: `baris ${n}: di luar` }],
      );
    });
    const { result } = renderHook(() => useImportRun<{ inserted: number }>('/x/import'));

    let out: Awaited<ReturnType<typeof result.current.run>> | undefined;
    await act(async () => {
      out = await result.current.run({ rows: [1, 2] });
    });
    expect(out?.state).toBe('refused');
    expect([...(result.current.rowErrors?.byRow.entries() ?? [])]).toEqual([[1, ['di luar']]]);

    answer = 'conflict';
    await act(async () => {
      out = await result.current.run({ rows: [1] });
    });
    expect(out?.state).toBe('failed');
    expect(result.current.error).toBeInstanceOf(ApiError);

    answer = 'ok';
    await act(async () => {
      const first = result.current.run({ rows: [1] });
      const second = result.current.run({ rows: [1] });
      expect((await first).state).toBe('stale');
      out = await second;
    });
    expect(out).toEqual({ state: 'ok', data: { inserted: 1, updated: 0, unchanged: 0 } });
    expect(result.current.rowErrors).toBeNull();
    expect(result.current.busy).toBe(false);
  });
});
