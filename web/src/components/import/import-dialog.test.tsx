// The shared import dialog against a stubbed import route: a pasted list is read and previewed,
// "Check" sends it as a dry run, the rows the server refuses are listed with its messages and can
// be left out, then "Import" sends the rest for real and the counts are shown.
import { defineImport } from '@lbo/contract/import';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fail, initTestI18n, renderAt, signIn, stubApi } from '../../testing/test-utils';
import { ImportDialog } from './import-dialog';

const codesImport = defineImport({
  name: 'test_codes',
  path: '/test/codes/import',
  area: 'customer',
  row: z.object({ customer_code: z.string().min(3, { error: 'must be at least 3 characters' }) }),
  key: ['customer_code'],
  maxRows: 1000,
  summary: 'Test',
  template: { columns: ['customer_code'], required: ['customer_code'], example: { customer_code: 'C001' } },
});

beforeEach(() => {
  initTestI18n();
  signIn();
});

type Refusal = { status: 400 | 403; code: string; words(row: number, value: string): string };

/** The pipeline's answer to a row it refuses, in English (the server's default wording). */
const notFoundEn: Refusal = {
  status: 400,
  code: 'not_found',
  words: (row, value) => `row ${row}: Customer_code '${value}' not found`,
};

function stub(refusal: Refusal = notFoundEn) {
  return stubApi(({ url, method, body }) => {
    if (!url.pathname.endsWith('/test/codes/import') || method !== 'POST') return undefined;
    const b = body as { rows: { customer_code: string }[]; dry_run?: boolean; batch?: string };
    // As the server answers a client that names its language: each message with its row, field and code.
    const bad = b.rows.flatMap((r, i) =>
      r.customer_code.startsWith('NOPE')
        ? [
            {
              code: refusal.code,
              field: 'customer_code',
              row: i + 1,
              params: { thing: 'customer_code', value: r.customer_code },
              message: refusal.words(i + 1, r.customer_code),
            },
          ]
        : [],
    );
    if (bad.length > 0) {
      return fail(
        refusal.status,
        refusal.status === 403 ? 'FORBIDDEN' : 'VALIDATION_ERROR',
        bad.map((d) => d.message),
        bad,
      );
    }
    const result = { inserted: b.rows.length - 1, updated: 1, unchanged: 0 };
    return { status: 200, body: { data: b.dry_run ? { ...result, dry_run: true } : result } };
  });
}

describe('ImportDialog', () => {
  it('should check with a dry run, list the refused rows, leave them out and import the rest', async () => {
    const { calls } = stub();
    const user = userEvent.setup();
    let done: unknown = null;
    renderAt(
      <ImportDialog
        opened
        onClose={() => {}}
        contract={codesImport}
        title="Import codes"
        params={{ batch: 'B1' }}
        paste
        onDone={(r) => {
          done = r;
        }}
      />,
    );
    await user.click(await screen.findByRole('tab', { name: 'Paste a list' }));
    await user.type(screen.getByTestId('import-paste'), 'C001\nNOPE-1\nC003\nNOPE-2');
    await user.click(screen.getByRole('button', { name: 'Read the list' }));
    await screen.findByText('4 rows read from the pasted list');
    expect(screen.getByRole('button', { name: 'Import 4 rows' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Check' }));
    const errors = await screen.findByTestId('import-errors');
    expect(errors).toHaveTextContent('2 rows cannot be imported');
    const preview = screen.getByTestId('import-preview');
    expect(within(preview).getByText("Customer_code 'NOPE-2' not found")).toBeInTheDocument();
    expect(calls[0].body).toEqual({ batch: 'B1', rows: expect.any(Array), dry_run: true });

    await user.click(within(errors).getByRole('button', { name: 'Leave out the 2 rows with problems' }));
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByTestId('import-checked')).toHaveTextContent('1 new, 1 updated, 0 unchanged');
    await user.click(screen.getByRole('button', { name: 'Import 2 rows' }));
    expect(await screen.findByTestId('import-result')).toHaveTextContent('1 new, 1 updated, 0 unchanged');
    expect(calls.at(-1)?.body).toEqual({
      batch: 'B1',
      rows: [{ customer_code: 'C001' }, { customer_code: 'C003' }],
    });
    expect(done).toEqual({ inserted: 1, updated: 1, unchanged: 0 });
  });

  it.each([
    {
      what: 'an Indonesian 400 answer',
      refusal: {
        status: 400,
        code: 'not_found',
        words: (row: number, value: string) => `baris ${row}: Kode pelanggan '${value}' tidak ditemukan`,
      },
      shown: "Kode pelanggan 'NOPE-2' tidak ditemukan",
    },
    {
      what: 'a 403 for rows outside the user branches',
      refusal: {
        status: 403,
        code: 'outside_scope',
        words: (row: number, value: string) =>
          `baris ${row}: Pelanggan '${value}' milik cabang di luar cabang yang ditugaskan kepada Anda`,
      },
      shown: "Pelanggan 'NOPE-1' milik cabang di luar cabang yang ditugaskan kepada Anda",
    },
  ] as const)('should mark the refused rows of $what and leave them out', async ({ refusal, shown }) => {
    const { calls } = stub(refusal);
    const user = userEvent.setup();
    renderAt(<ImportDialog opened onClose={() => {}} contract={codesImport} title="Import codes" paste />);
    await user.click(await screen.findByRole('tab', { name: 'Paste a list' }));
    await user.type(screen.getByTestId('import-paste'), 'C001\nNOPE-1\nC003\nNOPE-2');
    await user.click(screen.getByRole('button', { name: 'Read the list' }));
    await user.click(await screen.findByRole('button', { name: 'Check' }));
    const errors = await screen.findByTestId('import-errors');
    expect(errors).toHaveTextContent('2 rows cannot be imported');
    expect(within(screen.getByTestId('import-preview')).getByText(shown)).toBeInTheDocument();
    await user.click(within(errors).getByRole('button', { name: 'Leave out the 2 rows with problems' }));
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByTestId('import-checked')).toBeInTheDocument();
    expect(calls.at(-1)?.body).toEqual({
      rows: [{ customer_code: 'C001' }, { customer_code: 'C003' }],
      dry_run: true,
    });
  });

  it('should show an answer without rows as one alert, not as row marks', async () => {
    stubApi(({ url }) =>
      url.pathname.endsWith('/test/codes/import')
        ? fail(
            409,
            'CONFLICT',
            ['Kuota voucher habis'],
            [{ code: 'voucher_quota_left', message: 'Kuota voucher habis' }],
          )
        : undefined,
    );
    const user = userEvent.setup();
    renderAt(<ImportDialog opened onClose={() => {}} contract={codesImport} title="Import codes" paste />);
    await user.click(await screen.findByRole('tab', { name: 'Paste a list' }));
    await user.type(screen.getByTestId('import-paste'), 'C001');
    await user.click(screen.getByRole('button', { name: 'Read the list' }));
    await user.click(await screen.findByRole('button', { name: 'Check' }));
    expect(await screen.findByText('Kuota voucher habis')).toBeInTheDocument();
    expect(screen.queryByTestId('import-errors')).toBeNull();
  });

  it('should refuse a file without the required column, naming it', async () => {
    stub();
    const user = userEvent.setup();
    const twoCols = {
      ...codesImport,
      template: { columns: ['customer_code', 'year'], required: ['customer_code', 'year'], example: {} },
    };
    renderAt(<ImportDialog opened onClose={() => {}} contract={twoCols} title="Import" />);
    const input = (await screen.findByTestId('import-file')).querySelector(
      'input[type=file]',
    ) as HTMLInputElement;
    await user.upload(input, new File(['customer_code,note\nC001,x\n'], 'targets.csv', { type: 'text/csv' }));
    await screen.findByText('1 row read from targets.csv');
    expect(
      screen.getByText('The file has no column year. Use the header names of the template.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Ignored columns: note', { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check' })).toBeDisabled();
  });

  it('should hand the rows over in collect mode, after checking them against the row schema', async () => {
    const { calls } = stub();
    const user = userEvent.setup();
    let collected: unknown = null;
    renderAt(
      <ImportDialog
        opened
        onClose={() => {}}
        contract={codesImport}
        title="Import"
        paste
        onCollect={(rows) => {
          collected = rows;
        }}
      />,
    );
    await user.click(await screen.findByRole('tab', { name: 'Paste a list' }));
    await user.type(screen.getByTestId('import-paste'), 'C001\nX');
    await user.click(screen.getByRole('button', { name: 'Read the list' }));
    expect(await screen.findByTestId('import-errors')).toHaveTextContent('1 row cannot be imported');
    expect(screen.getByText('customer_code: must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add 2 rows' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Leave out the row with problems' }));
    await user.click(screen.getByRole('button', { name: 'Add 1 row' }));
    await waitFor(() => expect(collected).toEqual([{ customer_code: 'C001' }]));
    expect(calls).toEqual([]);
  });
});
