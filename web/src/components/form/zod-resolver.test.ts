import { couponContract } from '@lbo/contract/coupons';
import { salesmanContract } from '@lbo/contract/organisation';
import { staffUserContract } from '@lbo/contract/staff';
import { describe, expect, it } from 'vitest';
import { initI18nWith } from '../../i18n';
import { messages as idCore } from '../../i18n/id';
import { initTestI18n } from '../../testing/test-utils';
import { isRequiredIn, localizedZodResolver, numberBoundsIn, withSchemaBounds } from './zod-resolver';

const run = async (resolver: ReturnType<typeof localizedZodResolver>, values: Record<string, unknown>) =>
  // The resolver's context and options are unused here.
  resolver(values, undefined, {} as Parameters<typeof resolver>[2]);

describe('localized zod resolver', () => {
  it('should translate the contract issues by kind, in English and Indonesian', async () => {
    const i18n = initTestI18n();
    const schema = salesmanContract.create!;
    const values = {
      salesman_code: 'a b',
      salesman_name: '',
      branch_id: null,
      email: 'x@',
      phone_number: 'abc',
      active: true,
    };
    const en = await run(
      localizedZodResolver(schema, i18n.t, {
        hint: (f) => (f === 'salesman_code' ? 'Letters only' : undefined),
      }),
      values,
    );
    expect(Object.fromEntries(Object.entries(en.errors).map(([k, v]) => [k, v?.message]))).toEqual({
      salesman_code: 'Letters only',
      salesman_name: 'This field is required',
      branch_id: 'This field is required',
      email: 'Enter a valid e-mail address',
      phone_number: 'This value has the wrong format',
    });
    initI18nWith('id', idCore);
    const id = await run(localizedZodResolver(schema, i18n.t), values);
    expect(id.errors.salesman_name?.message).toBe('Kolom ini wajib diisi');
    expect(id.errors.email?.message).toBe('Masukkan alamat e-mail yang valid');
    initTestI18n();
  });

  it('should give the parsed body (with defaults) when valid, after prepare', async () => {
    const i18n = initTestI18n();
    const resolver = localizedZodResolver(staffUserContract.create!, i18n.t, {
      prepare: (v) => ({ ...v, phone_number: undefined }),
    });
    const res = await run(resolver, {
      name: 'Ani',
      email: 'ani@example.com',
      password: 'secret123',
      role_group_id: 2,
      phone_number: '',
    });
    expect(res.errors).toEqual({});
    expect(res.values).toMatchObject({
      name: 'Ani',
      phone_number: '',
      all_branches: false,
      branch_ids: [],
      active: true,
    });
    const short = await run(resolver, {
      name: 'A',
      email: 'ani@example.com',
      password: 'short',
      role_group_id: null,
    });
    expect(short.errors.name?.message).toBe('Use at least 2 characters');
    expect(short.errors.password?.message).toBe('Use at least 8 characters');
  });

  it('should know which fields the schema requires', () => {
    const s = salesmanContract.create!;
    expect(isRequiredIn(s, 'salesman_name')).toBe(true);
    expect(isRequiredIn(s, 'branch_id')).toBe(true);
    expect(isRequiredIn(s, 'email')).toBe(false);
    expect(isRequiredIn(s, 'salesman_type_id')).toBe(false);
  });

  it('should say "required" for a field the form requires though the contract lets it be empty', async () => {
    await initTestI18n();
    const resolver = localizedZodResolver(staffUserContract.create!, ((k: string) => k) as never, {
      required: () => ['role_group_id'],
    });
    const out = await run(resolver, {
      name: 'Ana',
      email: 'ana@example.com',
      password: 'Sekali-lagi-9',
      role_group_id: null,
      active: true,
      all_branches: true,
      branch_ids: [],
    });
    expect(out.errors).toEqual({ role_group_id: { type: 'required', message: 'validation.required' } });
  });

  it('should ask for at least 1 where a whole number must be more than 0', async () => {
    const { z } = await import('zod');
    const resolver = localizedZodResolver(
      z.object({ points: z.number().int().positive() }),
      ((k: string, o?: { min?: number }) => `${k} ${o?.min}`) as never,
    );
    const out = await run(resolver, { points: 0 });
    expect(out.errors).toEqual({ points: { type: 'too_small', message: 'validation.min 1' } });
  });
});

describe('number bounds from the contract', () => {
  it("should read a number field's least and greatest value through its wrappers", async () => {
    const { z } = await import('zod');
    const s = z.object({
      whole: z.number().int().positive().max(10).nullable().optional(),
      share: z.number().gt(0.5).lt(3).default(1),
      any: z.number().int(),
      text: z.string().min(3),
    });
    expect(numberBoundsIn(s, 'whole')).toEqual({ min: 1, max: 10 });
    expect(numberBoundsIn(s, 'share')).toEqual({ min: 0.5, max: 3 });
    expect(numberBoundsIn(s, 'any')).toEqual({});
    expect(numberBoundsIn(s, 'text')).toEqual({});
    expect(numberBoundsIn(s, 'missing')).toEqual({});
  });

  it("should give a number widget the contract's bounds unless the form says more", () => {
    const schema = couponContract.create;
    expect(withSchemaBounds({ kind: 'number' }, schema, 'points_required')).toEqual({
      kind: 'number',
      min: 1,
      max: 10_000_000,
    });
    expect(withSchemaBounds({ kind: 'number' }, schema, 'stock')).toMatchObject({ min: 0 });
    // A deduction's points are signed in the contract; the form, knowing the type, asks for 1 or more.
    expect(withSchemaBounds({ kind: 'number', min: 1 }, schema, 'stock')).toMatchObject({ min: 1 });
    expect(withSchemaBounds({ kind: 'text' }, schema, 'name')).toEqual({ kind: 'text' });
  });
});
