// docs/data-model.md below its marker line: every table of a database migrated by the journal (so
// the tables only SQL migrations create are there too) with its columns, types and keys, grouped by
// the schema file that declares it. A table's purpose is the doc comment above its pgTable() in
// src/db/schema, or, for a table no schema file declares, its COMMENT ON TABLE in the migrations.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from './client';

export const DATA_MODEL_MARKER =
  '<!-- Generated below from the schema by `npm run db:doc -w server`; edit the schema, not this part. -->';

const SCHEMA_DIR = path.resolve(import.meta.dirname, 'schema');

type Declared = { file: string; purpose: string };
type Column = {
  table: string;
  name: string;
  type: string;
  not_null: boolean;
  dflt: string | null;
  generated: string;
  identity: string;
};
type Constraint = { table: string; kind: string; def: string };
type Table = { name: string; comment: string | null };

/** Leading `//` comment of a schema file, first sentence. */
function fileSummary(text: string): string {
  const lines: string[] = [];
  for (const line of text.split('\n')) {
    if (!line.startsWith('//')) break;
    lines.push(line.replace(/^\/\/\s?/, ''));
  }
  return firstSentence(lines.join(' '));
}

function firstSentence(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  // The first '. ' that does not end an abbreviation (e.g., i.e., etc.).
  for (const m of flat.matchAll(/[.!?](?= |$)/g)) {
    const end = (m.index ?? 0) + 1;
    if (!/\b(e\.g|i\.e|etc|vs)\.$/.test(flat.slice(0, end))) return flat.slice(0, end);
  }
  return flat;
}

/** Table name -> schema file and the doc comment right above its pgTable(). */
export function declaredTables(): { tables: Map<string, Declared>; files: Map<string, string> } {
  const tables = new Map<string, Declared>();
  const files = new Map<string, string>();
  for (const file of readdirSync(SCHEMA_DIR).sort()) {
    if (!file.endsWith('.ts')) continue;
    const text = readFileSync(path.join(SCHEMA_DIR, file), 'utf8');
    files.set(file, fileSummary(text));
    const re = /(?:\/\*\*((?:[^*]|\*(?!\/))*)\*\/\s*)?export const \w+ = pgTable\(\s*'(\w+)'/g;
    for (const m of text.matchAll(re)) {
      const doc = (m[1] ?? '').replace(/^\s*\*\s?/gm, ' ');
      tables.set(m[2], { file, purpose: firstSentence(doc) });
    }
  }
  return { tables, files };
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\s+/g, ' ');

/** The generated part of docs/data-model.md, and the tables that have no purpose written anywhere. */
export async function buildDataModel(): Promise<{ text: string; missing: string[] }> {
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await database.migrate();
    const tables = await database.rows<Table>(sql`
      select c.relname as name, obj_description(c.oid, 'pg_class') as comment
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`);
    const columns = await database.rows<Column>(sql`
      select c.relname as table, a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
        a.attnotnull as not_null, pg_get_expr(d.adbin, d.adrelid) as dflt,
        a.attgenerated::text as generated, a.attidentity::text as identity
      from pg_attribute a join pg_class c on c.oid = a.attrelid
      join pg_namespace n on n.oid = c.relnamespace
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
      order by c.relname, a.attnum`);
    // Keys: primary, unique (constraints and unique indexes), foreign.
    const keys = await database.rows<Constraint>(sql`
      select c.relname as table, con.contype::text as kind, pg_get_constraintdef(con.oid) as def
      from pg_constraint con join pg_class c on c.oid = con.conrelid
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and con.contype in ('p', 'u', 'f')
      union all
      select t.relname, 'i', regexp_replace(pg_get_indexdef(i.indexrelid), '^CREATE UNIQUE INDEX \\S+ ON \\S+ USING \\w+ ', 'UNIQUE INDEX ')
      from pg_index i join pg_class t on t.oid = i.indrelid join pg_namespace n on n.oid = t.relnamespace
      where n.nspname = 'public' and i.indisunique
        and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
      order by 1, 3`);

    const { tables: declared, files } = declaredTables();
    // Source order inside a schema file; tables no file declares by name.
    const rank = [...declared.keys()];
    const at = (name: string) => (rank.includes(name) ? rank.indexOf(name) : rank.length);
    tables.sort((a, b) => at(a.name) - at(b.name) || a.name.localeCompare(b.name));
    const groups = new Map<string, Table[]>();
    for (const t of tables) {
      const file = declared.get(t.name)?.file ?? '';
      groups.set(file, [...(groups.get(file) ?? []), t]);
    }
    const missing: string[] = [];
    const out: string[] = [DATA_MODEL_MARKER, ''];
    out.push(
      `${tables.length} tables. Keys: PK primary key, U unique, FK foreign key (ON DELETE when not NO ACTION).`,
    );
    const order = [...files.keys()].filter((f) => groups.has(f));
    if (groups.has('')) order.push('');
    for (const file of order) {
      out.push('');
      if (file) {
        out.push(`## \`${file}\``, '', files.get(file) ?? '');
      } else {
        out.push('## Created by SQL migrations only', '');
        out.push('Kept by triggers and read by raw SQL; no schema file declares them.');
      }
      for (const t of groups.get(file) ?? []) {
        const purpose = declared.get(t.name)?.purpose || t.comment || '';
        if (!purpose) missing.push(t.name);
        out.push('', `### ${t.name}`, '', purpose || '(no purpose written)', '');
        out.push('| Column | Type | Null | Default |', '|---|---|---|---|');
        for (const c of columns.filter((x) => x.table === t.name)) {
          const dflt =
            c.generated === 's' ? `generated: ${c.dflt}` : c.identity ? 'identity' : (c.dflt ?? '');
          out.push(`| ${c.name} | ${c.type} | ${c.not_null ? 'not null' : 'null'} | ${cell(dflt)} |`);
        }
        const kindOrder = 'puif';
        const tableKeys = keys
          .filter((k) => k.table === t.name)
          .sort((a, b) => kindOrder.indexOf(a.kind) - kindOrder.indexOf(b.kind));
        if (tableKeys.length) {
          out.push('');
          for (const k of tableKeys) {
            const label = k.kind === 'p' ? 'PK' : k.kind === 'f' ? 'FK' : 'U';
            const def = k.def
              .replace(/^(PRIMARY KEY|UNIQUE INDEX|UNIQUE|FOREIGN KEY) /, '')
              .replace(/ ON UPDATE NO ACTION| ON DELETE NO ACTION/g, '');
            out.push(`- ${label} ${def}`);
          }
        }
      }
    }
    return { text: `${out.join('\n')}\n`, missing };
  } finally {
    await database.close();
  }
}

/** The doc with its generated part replaced (the prose above the marker is kept). */
export function withGenerated(doc: string, generated: string): string {
  const at = doc.indexOf(DATA_MODEL_MARKER);
  const prose = at >= 0 ? doc.slice(0, at) : `${doc.trimEnd()}\n\n`;
  return `${prose}${generated}`;
}
