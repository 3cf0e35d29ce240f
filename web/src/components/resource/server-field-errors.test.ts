import { describe, expect, it } from 'vitest';
import { labelFieldMessages, matchFieldErrors } from './server-field-errors';

describe('server field errors', () => {
  it('should attach "field: message" and humanised conflict messages to their fields', () => {
    const m = matchFieldErrors(
      [
        'salesman_code: may only hold letters',
        "email 'a@b.c' already exists",
        'Something else',
        'branch_id: branches 99 does not exist',
      ],
      ['salesman_code', 'email', 'branch_id', 'salesman_name'],
    );
    expect(Object.fromEntries(m)).toEqual({
      salesman_code: 'may only hold letters',
      email: "email 'a@b.c' already exists",
      branch_id: 'branches 99 does not exist',
    });
    expect(
      Object.fromEntries(matchFieldErrors(["salesman code 'S1' already exists"], ['salesman_code'])),
    ).toEqual({
      salesman_code: "salesman code 'S1' already exists",
    });
  });
});

describe('conflicts on several fields', () => {
  it('should attach the message to each of the named fields the form has', () => {
    const m = matchFieldErrors(
      ["item id, effective date '136, 2026-11-02' already exists"],
      ['price', 'effective_date', 'note'],
    );
    expect(Object.fromEntries(m)).toEqual({
      effective_date: "item id, effective date '136, 2026-11-02' already exists",
    });
  });
});

describe('server messages in the form alert', () => {
  it('should name a field by its label', () => {
    const labels: Record<string, string> = { salesman_code: 'Code', branch_id: 'Branch' };
    expect(
      labelFieldMessages(
        ['salesman_code: may only hold letters', 'branch_id: branches 99 does not exist', 'Something else'],
        ['salesman_code', 'branch_id'],
        (f) => labels[f],
      ),
    ).toEqual(['Code: may only hold letters', 'Branch: branches 99 does not exist', 'Something else']);
  });
});
