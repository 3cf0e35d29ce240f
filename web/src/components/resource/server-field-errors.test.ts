import { describe, expect, it } from 'vitest';
import { matchFieldErrors } from './server-field-errors';

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
