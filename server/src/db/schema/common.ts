// Column helpers shared by every table definition.
import { sql } from 'drizzle-orm';
import { customType, integer } from 'drizzle-orm/pg-core';

/** `timestamptz`, read back as an ISO 8601 string in UTC (CONTRACT.md section 4). */
export const timestamptz = customType<{ data: string; driverData: string | Date }>({
  dataType: () => 'timestamp with time zone',
  fromDriver: (v) => new Date(v).toISOString(),
  toDriver: (v) => v,
});

/** Surrogate key: an identity column that still accepts explicit ids (seeds, imports). */
export const id = () => integer('id').primaryKey().generatedByDefaultAsIdentity();

/** The SQL list `'a', 'b'` of an enumeration's values, for CHECK constraints (never client input). */
export const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

export const timestamps = () => ({
  created_at: timestamptz('created_at').notNull().default(sql`now()`),
  updated_at: timestamptz('updated_at').notNull().default(sql`now()`),
});
