// A resource's columns, detail fields and form fields are keyed by its contract's field names: each
// misspelt key below is a type error, so `npm run typecheck` fails the day the types accept one (the
// `@ts-expect-error` line is then unused), and fails too when a contract renames a field a screen uses.
import { describe, expect, it } from 'vitest';
import { gadgetContract } from '../../testing/fake-resource';
import { defineResource } from './types';

describe('keys from the contract', () => {
  it('should take the record and body fields, and a computed column only when marked', () => {
    const r = defineResource({
      contract: gadgetContract,
      title: (g) => g.name,
      columns: [
        { key: 'name' },
        // @ts-expect-error `nmae` is not a field of the gadget record
        { key: 'nmae' },
        // @ts-expect-error a column of its own must say so (`computed`) and draw itself
        { key: 'badge', render: (g) => g.code },
        { key: 'badge', computed: true, render: (g) => g.code },
      ],
      detail: {
        fields: [
          { key: 'created_at', kind: 'datetime' },
          // @ts-expect-error `created` is not a field of the gadget record
          { key: 'created', kind: 'datetime' },
        ],
      },
      form: {
        fields: [
          // `email` is only in the create body, not in the record.
          { name: 'email', widget: { kind: 'email' } },
          // @ts-expect-error `created_at` is in the record, but no body takes it
          { name: 'created_at', widget: { kind: 'text' } },
        ],
      },
    });
    expect(r.columns.map((c) => c.key)).toEqual(['name', 'nmae', 'badge', 'badge']);
  });
});
