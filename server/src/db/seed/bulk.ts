// Bulk-load housekeeping around the plan's big tables, and the unit that closes the plan.
import type { SeedUnit } from './plan';
import { q } from './sql';

// Bulk loads are faster into tables without their secondary indexes: drop them (remembering their
// definitions in a scratch table, since batched units run on different connections) and build them
// again after the load. Indexes that back a constraint (primary keys, unique constraints) stay.
const tableList = (tables: string[]) => `array[${tables.map(q).join(', ')}]::text[]`;
export function dropIndexes(tables: string[]): SeedUnit {
  return {
    label: `drop secondary indexes of ${tables.join(', ')}`,
    statements: [
      'create table if not exists seed_index_defs (indexname text primary key, tablename text not null, indexdef text not null)',
      `insert into seed_index_defs (indexname, tablename, indexdef)
       select i.indexname, i.tablename, i.indexdef from pg_indexes i
       where i.schemaname = 'public' and i.tablename = any(${tableList(tables)})
         and not exists (select 1 from pg_constraint c where c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass)`,
      `do $$
       declare r record;
       begin
         for r in select indexname from seed_index_defs where tablename = any(${tableList(tables)}) loop
           execute format('drop index %I', r.indexname);
         end loop;
       end $$`,
    ],
  };
}
export function rebuildIndexes(tables: string[]): SeedUnit {
  return {
    label: `rebuild indexes of ${tables.join(', ')}`,
    statements: [
      `do $$
       declare r record;
       begin
         for r in select indexdef from seed_index_defs where tablename = any(${tableList(tables)}) order by indexname loop
           execute r.indexdef;
         end loop;
       end $$`,
      `delete from seed_index_defs where tablename = any(${tableList(tables)})`,
    ],
  };
}

export function finishUnit(): SeedUnit {
  return {
    label: 'identity sequences and statistics',
    statements: [
      // Rows were written with explicit ids: move every identity sequence past the highest id.
      `do $$
       declare r record;
       begin
         for r in select table_name from information_schema.columns
                  where table_schema = 'public' and column_name = 'id' and is_identity = 'YES' loop
           execute format('select setval(pg_get_serial_sequence(%L, ''id''), coalesce((select max(id) from %I), 0) + 1, false)',
                          r.table_name, r.table_name);
         end loop;
       end $$`,
      'drop table if exists seed_index_defs',
      'analyze',
    ],
  };
}
