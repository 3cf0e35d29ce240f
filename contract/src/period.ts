// A period: a start date and an end date, the end on or after the start (both days included). One
// check, one wording and one error code for every body, import row and query that holds such a pair;
// the server applies the same check to an update merged with the stored record.
import type { z } from 'zod';

/** The fields holding a period's first and last day. */
export type PeriodKeys = { start: string; end: string };

/** The names almost every period has. */
export const DATES: PeriodKeys = { start: 'start_date', end: 'end_date' };

/** The code of a period whose end is before its start (the server's message catalogue words it). */
export const PERIOD_ERROR_CODE = 'end_before_start';

export type PeriodProblem = { field: string; code: typeof PERIOD_ERROR_CODE; message: string };

/**
 * What is wrong with the period of `v`, or null. Reported on the end field. A missing end (an
 * optional filter, a folder without dates) is no problem.
 */
export function periodProblem(v: Record<string, unknown>, keys: PeriodKeys = DATES): PeriodProblem | null {
  const start = v[keys.start];
  const end = v[keys.end];
  if (typeof start !== 'string' || typeof end !== 'string' || !start || !end || end >= start) return null;
  return { field: keys.end, code: PERIOD_ERROR_CODE, message: `must be on or after ${keys.start}` };
}

const periods = new WeakMap<z.ZodType, PeriodKeys>();

/** `schema` with the period check (an object-level refinement: it runs once the fields are valid). */
export function withPeriod<T extends z.ZodType>(schema: T, keys: PeriodKeys = DATES): T {
  const checked = schema.superRefine((v, ctx) => {
    const p = periodProblem(v as Record<string, unknown>, keys);
    if (p) ctx.addIssue({ code: 'custom', path: [p.field], message: p.message, params: { code: p.code } });
  }) as T;
  periods.set(checked, keys);
  return checked;
}

/** The period `schema` checks (made by withPeriod), if any. */
export function periodOf(schema: z.ZodType | undefined): PeriodKeys | undefined {
  return schema ? periods.get(schema) : undefined;
}
