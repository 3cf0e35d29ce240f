import { describe, expect, it } from 'vitest';
import { gadgetResource } from '../../testing/fake-resource';
import { defaultFilters, differsFromDefaults, readListState, toApiQuery, writeListState } from './list-state';

describe('list state', () => {
  it('should start at page 1, 10 rows, the contract default sort', () => {
    const s = readListState(new URLSearchParams(), gadgetResource);
    expect(s).toEqual({ page: 1, limit: 10, by: 'id', sort: 'desc', search: '', filters: {} });
    expect(toApiQuery(s)).toEqual({ page: 1, limit: 10, by: 'id', sort: 'desc' });
  });

  it('should ignore a sort key the contract does not allow and clamp the page size', () => {
    const s = readListState(new URLSearchParams('by=password&sort=up&limit=500&page=-3'), gadgetResource);
    expect(s.by).toBe('id');
    expect(s.sort).toBe('desc');
    expect(s.limit).toBe(100);
    expect(s.page).toBe(1);
  });

  it('should turn search, dropdown, yes/no and date range filters into query parameters', () => {
    const params = new URLSearchParams(
      'page=3&limit=20&by=name&sort=asc&search=%20kopi%20&branch_id=4&active=false&start_date=2025-01-01&end_date=2025-01-31&unknown=1',
    );
    const s = readListState(params, gadgetResource);
    expect(toApiQuery(s, { admin_user_id: 9 })).toEqual({
      admin_user_id: 9,
      page: 3,
      limit: 20,
      by: 'name',
      sort: 'asc',
      search: 'kopi',
      branch_id: '4',
      active: 'false',
      start_date: '2025-01-01',
      end_date: '2025-01-31',
    });
  });

  it('should write only what differs from the defaults', () => {
    const s = readListState(new URLSearchParams(), gadgetResource);
    expect(writeListState(s, gadgetResource).toString()).toBe('');
    const w = writeListState(
      { ...s, page: 2, search: 'x', filters: { branch_id: '1', active: '' } },
      gadgetResource,
    );
    expect(w.toString()).toBe('page=2&search=x&branch_id=1');
  });
});

describe('filter defaults', () => {
  const withDefault = { ...gadgetResource, filterDefaults: { active: 'true' } };

  it('should start with the default applied, and send it', () => {
    const s = readListState(new URLSearchParams(), withDefault);
    expect(s.filters).toEqual({ active: 'true' });
    expect(toApiQuery(s)).toMatchObject({ active: 'true' });
    expect(differsFromDefaults(s, withDefault)).toBe(false);
    // Applied by default, not written: links stay short.
    expect(writeListState(s, withDefault).toString()).toBe('');
  });

  it('should remember a removed default in the URL, so reading it again keeps it removed', () => {
    const s = readListState(new URLSearchParams(), withDefault);
    const written = writeListState({ ...s, filters: { ...s.filters, active: '' } }, withDefault);
    expect(written.toString()).toBe('active=');
    const again = readListState(new URLSearchParams(written.toString()), withDefault);
    expect(again.filters).toEqual({});
    expect(toApiQuery(again)).not.toHaveProperty('active');
    expect(differsFromDefaults(again, withDefault)).toBe(true);
  });

  it('should keep another value chosen instead of the default, and go back to the default on reset', () => {
    const s = readListState(new URLSearchParams('active=false&branch_id=2'), withDefault);
    expect(s.filters).toEqual({ active: 'false', branch_id: '2' });
    expect(writeListState(s, withDefault).toString()).toBe('branch_id=2&active=false');
    const reset = { ...s, filters: defaultFilters(withDefault) };
    expect(writeListState(reset, withDefault).toString()).toBe('');
    expect(differsFromDefaults(reset, withDefault)).toBe(false);
  });

  it('should ignore a default for a parameter the filter bar does not have', () => {
    const odd = { ...gadgetResource, filterDefaults: { colour: 'red' } };
    expect(defaultFilters(odd)).toEqual({});
    expect(readListState(new URLSearchParams(), odd).filters).toEqual({});
  });
});
