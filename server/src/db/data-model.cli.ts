// `npm run db:doc`: rewrites the generated part of docs/data-model.md from the schema.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildDataModel, withGenerated } from './data-model';

export const DATA_MODEL_DOC = path.resolve(import.meta.dirname, '../../../docs/data-model.md');

const { text, missing } = await buildDataModel();
writeFileSync(DATA_MODEL_DOC, withGenerated(readFileSync(DATA_MODEL_DOC, 'utf8'), text));
console.log(`wrote ${path.relative(process.cwd(), DATA_MODEL_DOC)}`);
if (missing.length) {
  console.log(
    `no purpose written for: ${missing.join(', ')} (a /** comment */ above its pgTable, or COMMENT ON TABLE)`,
  );
  process.exit(1);
}
