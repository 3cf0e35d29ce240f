// `npm run db:check`: the migrations folder is in order, landed migrations are unchanged, the
// newest snapshot matches the schema (drizzle-kit generate writes nothing), docs/data-model.md is
// what `npm run db:doc` writes.
// `npm run db:check -- --append` first records the checksums of migrations not listed yet.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import config from '../../drizzle.config';
import { buildDataModel, DATA_MODEL_MARKER } from './data-model';
import {
  appendChecksums,
  CHECKSUMS_FILE,
  checkChecksums,
  checkJournal,
  checkSnapshots,
  generatedFiles,
} from './migrations-check';

const serverDir = path.resolve(import.meta.dirname, '../..');
// `--dir <folder>` checks another copy of the folder (an older checkout, say).
const dirArg = process.argv.indexOf('--dir');
const dir =
  dirArg > 0 ? path.resolve(process.argv[dirArg + 1]) : path.resolve(serverDir, config.out ?? 'drizzle');

if (process.argv.includes('--append')) {
  const lines = appendChecksums(dir);
  console.log(
    lines.length
      ? `appended to ${CHECKSUMS_FILE}:\n${lines.join('\n')}`
      : `${CHECKSUMS_FILE} lists every migration`,
  );
}

let failed = false;
function report(name: string, problems: string[]): void {
  if (problems.length === 0) {
    console.log(`ok   ${name}`);
    return;
  }
  failed = true;
  console.log(`FAIL ${name}`);
  for (const p of problems) console.log(`     ${p}`);
}

report('journal in order', checkJournal(dir));
report('snapshots chained, newest migration has one', checkSnapshots(dir));
report(`landed migrations unchanged (${CHECKSUMS_FILE})`, checkChecksums(dir));
const generated = generatedFiles(dir, {
  schema: String(config.schema),
  dialect: config.dialect,
  cwd: serverDir,
});
report(
  'drizzle-kit generate finds nothing to write',
  generated.files.length
    ? [
        `it would write ${generated.files.join(', ')}: the schema changed without a migration (npm run db:generate -w server -- --name=<what>)`,
        ...generated.output.trim().split('\n').slice(-40),
      ]
    : [],
);
// The doc is generated from the app's own folder, so it is checked only for that one.
if (dirArg < 0) {
  const doc = readFileSync(path.resolve(serverDir, '../docs/data-model.md'), 'utf8');
  const { text, missing } = await buildDataModel();
  const current = doc.slice(doc.indexOf(DATA_MODEL_MARKER));
  report('docs/data-model.md lists the schema as it is', [
    ...(current === text ? [] : ['docs/data-model.md is out of date: npm run db:doc -w server']),
    ...missing.map(
      (t) => `table ${t} has no purpose: a /** comment */ above its pgTable(), or COMMENT ON TABLE`,
    ),
  ]);
}
process.exit(failed ? 1 : 0);
