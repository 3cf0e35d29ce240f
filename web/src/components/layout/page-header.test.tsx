// Every screen's title is its one top-level heading (screen readers and axe's page-has-heading-one).
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { initTestI18n, renderAt } from '../../testing/test-utils';
import { PageHeader } from './page-header';

beforeEach(async () => {
  await initTestI18n();
});

describe('page header', () => {
  it('should render the title as the one h1', async () => {
    renderAt(<PageHeader crumbs={[{ label: 'Branches' }]} title="Branches" />);
    const h1s = await screen.findAllByRole('heading', { level: 1 });
    expect(h1s.map((h) => h.textContent)).toEqual(['Branches']);
  });
});
