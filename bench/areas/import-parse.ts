// Reading an import file in the browser (web/src/components/import/import-parse.ts, the code the
// import Web Worker runs), here in Node on the same functions: a 50,000-line CSV of store codes
//   - CSV text to a table (papaparse, delimiter guessed)                     no target
//   - the table to import rows keyed by the template (tableToImport)         target < 2,000 ms
// Each a median over --runs; the unit test (import-parse.test.ts) checks the rows, lines and progress
// of the same 50,000 rows, not their time.
//
// Usage: npm run bench -- --only import-parse [--runs 7] [--rows 50000]
import { parseArgs } from 'node:util';
import { csvTable, type ParseTemplate, tableToImport } from '../../web/src/components/import/import-parse';

const { values: args } = parseArgs({
  strict: false,
  options: {
    runs: { type: 'string', default: '7' },
    rows: { type: 'string', default: '50000' },
  },
});
const RUNS = Number(args.runs);
const ROWS = Number(args.rows);

const codes: ParseTemplate = {
  columns: ['customer_code'],
  required: ['customer_code'],
  aliases: { customer_code: ['kode toko'] },
};
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.floor((s.length - 1) / 2)] * 10) / 10;
};

const csv = ['kode toko', ...Array.from({ length: ROWS }, (_, i) => `C${i}`)].join('\r\n');
const readMs: number[] = [];
const mapMs: number[] = [];
for (let run = 0; run < RUNS + 1; run++) {
  const t0 = performance.now();
  const table = await csvTable(csv);
  const t1 = performance.now();
  const parsed = tableToImport(table, codes, () => {});
  const t2 = performance.now();
  if (parsed.rows.length !== ROWS) throw new Error(`read ${parsed.rows.length} rows of ${ROWS}`);
  if (run === 0) continue; // warm-up
  readMs.push(t1 - t0);
  mapMs.push(t2 - t1);
}

const line = (what: string, value: number, target?: number) =>
  console.log(
    `${what.padEnd(44)} ${String(value).padStart(8)} ms${
      target === undefined ? '' : `   target < ${target} ms ${value < target ? 'ok' : 'MISSED'}`
    }`,
  );
console.log(`import parsing, ${ROWS.toLocaleString('en')} rows, median of ${RUNS} runs`);
line('CSV text to a table (csvTable)', median(readMs));
line('table to import rows (tableToImport)', median(mapMs), 2000);
line('both', median(readMs.map((r, i) => r + mapMs[i])));
