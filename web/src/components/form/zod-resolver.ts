// react-hook-form resolver over a contract's zod schema, with every message in the user's
// language (the contract's own messages are English; they are replaced by issue kind here).
import type { TFunction } from 'i18next';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import type { FieldWidget } from '../resource/types';

type Issue = z.core.$ZodIssue;
type Values = Record<string, unknown>;

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** The first concrete issue of a union (e.g. "an e-mail or empty" fails as an e-mail). */
function innermost(issue: Issue): Issue {
  if (issue.code === 'invalid_union' && issue.errors.length > 0) {
    const branch = issue.errors.find((e) => e.length > 0 && e[0].code !== 'invalid_value') ?? issue.errors[0];
    if (branch?.[0]) return innermost(branch[0]);
  }
  return issue;
}

/** A localized message for one issue; `value` is the field's current value. */
export function translateIssue(issue: Issue, value: unknown, t: TFunction, hint?: string): string {
  const i = innermost(issue);
  switch (i.code) {
    case 'invalid_type':
      return isBlank(value) ? t('validation.required') : t('validation.type');
    case 'too_small': {
      const min = Number(i.minimum);
      if (i.origin === 'string')
        return min <= 1 || isBlank(value) ? t('validation.required') : t('validation.minLength', { min });
      if (i.origin === 'array') return min <= 1 ? t('validation.pickOne') : t('validation.minItems', { min });
      // `positive()` is "more than 0": for a whole number (points, counts) the least allowed is 1.
      const whole = isBlank(value) || Number.isInteger(Number(value));
      if ((i as { inclusive?: boolean }).inclusive === false && Number.isInteger(min) && whole)
        return t('validation.min', { min: min + 1 });
      return t('validation.min', { min });
    }
    case 'too_big': {
      const max = Number(i.maximum);
      if (i.origin === 'string') return t('validation.maxLength', { max });
      if (i.origin === 'array') return t('validation.maxItems', { max });
      return t('validation.max', { max });
    }
    case 'invalid_format':
      if (i.format === 'email') return t('validation.email');
      if (i.format === 'date') return t('validation.date');
      if (i.format === 'url') return t('validation.url');
      return hint ?? t('validation.format');
    case 'invalid_value':
      return t('validation.choice');
    case 'custom':
      // Web-side refinements carry an i18n key as their message; the contract's own (English)
      // refinements fall back to the field's hint, if it has one.
      return t(i.message, { defaultValue: hint ?? t('validation.invalid') });
    default:
      return t('validation.invalid');
  }
}

export type ResolverOptions = {
  /** Turns form values into the body to validate (empty handling, derived fields). */
  prepare?: (values: Values) => Values;
  /** Per-field hint used when a format (regex) check or a contract refinement fails. */
  hint?: (field: string) => string | undefined;
  /**
   * Fields the form requires although the contract lets them be empty (a staff user's role group:
   * nullable on the API, chosen on every form): blank, they say "required" like the contract's own.
   */
  required?: (values: Values) => readonly string[];
};

export function localizedZodResolver(
  schema: z.ZodType,
  t: TFunction,
  opts: ResolverOptions = {},
): Resolver<Values, unknown, Values> {
  return async (values) => {
    const input = opts.prepare ? opts.prepare(values) : values;
    const result = await schema.safeParseAsync(input);
    const errors: Record<string, { type: string; message: string }> = {};
    for (const field of opts.required?.(values) ?? [])
      if (isBlank(values[field])) errors[field] = { type: 'required', message: t('validation.required') };
    if (result.success && Object.keys(errors).length === 0)
      return { values: result.data as Values, errors: {} };
    if (result.success) return { values: {}, errors: errors as unknown as FieldErrors<Values> };
    for (const issue of result.error.issues) {
      // Our forms are flat: an issue deep in an array belongs to the array's field.
      const field = String(issue.path[0] ?? 'root');
      if (errors[field]) continue;
      errors[field] = {
        type: issue.code ?? 'invalid',
        message: translateIssue(issue, values[field], t, opts.hint?.(field)),
      };
    }
    return { values: {}, errors: errors as unknown as FieldErrors<Values> };
  };
}

/** Whether a field must be filled according to a schema (an object schema's shape). */
export function isRequiredIn(schema: z.ZodType | undefined, field: string): boolean {
  const shape = (schema as unknown as { shape?: Record<string, z.ZodType> } | undefined)?.shape;
  const s = shape?.[field];
  return s ? !s.safeParse(undefined).success : false;
}

type Def = {
  type?: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  checks?: { _zod: { def: { check?: string; value?: unknown; inclusive?: boolean; format?: string } } }[];
};
const defOf = (s: z.ZodType | undefined) => (s as unknown as { _zod?: { def?: Def } } | undefined)?._zod?.def;

/**
 * The least and greatest value a number field of an object schema takes (through optional,
 * nullable, default and pipe wrappers), so a number widget steps within what the contract accepts
 * and its "Minimal N" agrees with the schema's own. An exclusive bound of a whole number is the
 * next whole number (`positive()` on an int is at least 1).
 */
export function numberBoundsIn(schema: z.ZodType | undefined, field: string): { min?: number; max?: number } {
  const shape = (schema as unknown as { shape?: Record<string, z.ZodType> } | undefined)?.shape;
  let def = defOf(shape?.[field]);
  for (let i = 0; def && def.type !== 'number' && i < 8; i++) def = defOf(def.innerType ?? def.in);
  if (def?.type !== 'number') return {};
  const checks = (def.checks ?? []).map((c) => c._zod.def);
  const whole = checks.some((c) => c.check === 'number_format' && /int/.test(String(c.format)));
  const out: { min?: number; max?: number } = {};
  for (const c of checks) {
    const v = Number(c.value);
    if (!Number.isFinite(v)) continue;
    if (c.check === 'greater_than') {
      const min = !c.inclusive && whole ? Math.floor(v) + 1 : v;
      out.min = out.min === undefined ? min : Math.max(out.min, min);
    } else if (c.check === 'less_than') {
      const max = !c.inclusive && whole ? Math.ceil(v) - 1 : v;
      out.max = out.max === undefined ? max : Math.min(out.max, max);
    }
  }
  return out;
}

/**
 * A form widget with a number field's bounds from the contract; bounds the form states itself win
 * (a deduction's points are signed in the contract, the form knows the type and asks for 1 or more).
 */
export function withSchemaBounds(
  widget: FieldWidget,
  schema: z.ZodType | undefined,
  field: string,
): FieldWidget {
  if (widget.kind !== 'number') return widget;
  const bounds = numberBoundsIn(schema, field);
  return {
    ...widget,
    min: widget.min ?? bounds.min,
    max: widget.max ?? bounds.max,
  };
}
