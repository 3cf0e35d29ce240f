import { describe, expect, it } from 'vitest';
import { codesFromText } from './customer-codes';

describe('customer codes for an injection', () => {
  it('should read pasted codes split by lines, commas, semicolons and spaces, without repeats', () => {
    expect(codesFromText(' BDG000123\nJKT000456, smg000789;BDG000123\t\n jkt000456 ')).toEqual([
      'BDG000123',
      'JKT000456',
      'smg000789',
    ]);
    expect(codesFromText('\n ,; ')).toEqual([]);
  });
});
