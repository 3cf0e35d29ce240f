// An audit entry's page shows the changed fields only, each with its value before and after.
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n, initTestI18n, renderAt } from '../../testing/test-utils';
import { AuditChanges } from './audit-changes';

const entry = {
  id: 1,
  at: '2026-11-27T08:00:00Z',
  user_id: 1,
  user_name: 'Administrator',
  action: 'update',
  entity: 'salesman',
  entity_id: '5',
  branch_id: 1,
  branch_name: 'Cabang Bandung',
  changed_fields: ['active', 'salesman_name'],
  before: { salesman_name: 'Budi', active: true, phone_number: '0812', password_hash: '[redacted]' },
  after: { salesman_name: 'Budi Santoso', active: false, phone_number: '0812', password_hash: '[redacted]' },
  ip: null,
};

beforeEach(() => {
  initTestI18n();
  i18n.addResourceBundle(
    'en',
    'translation',
    { resources: { salesman: { fields: { salesman_name: 'Name' } } } },
    true,
    true,
  );
});

describe('audit changes', () => {
  it('lists only the changed fields with their before and after', () => {
    renderAt(<AuditChanges record={entry} />);
    const table = screen.getByTestId('audit-changes');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Statusactive', 'Yes', 'No'],
      ['Namesalesman_name', 'Budi', 'Budi Santoso'],
    ]);
    expect(table.textContent).not.toContain('phone_number');
    expect(table.textContent).not.toContain('password_hash');
  });

  it('shows a created record with nothing before', () => {
    renderAt(
      <AuditChanges
        record={{ ...entry, action: 'create', before: null, changed_fields: ['salesman_name'] }}
      />,
    );
    const cells = within(screen.getByTestId('audit-changes')).getAllByRole('cell');
    expect(cells.map((c) => c.textContent)).toEqual(['Namesalesman_name', '—', 'Budi Santoso']);
  });
});
