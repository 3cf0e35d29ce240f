// The deduction form shows the picked store's balance beside it, before saving.
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { initTestI18n, ok, renderAt, signIn, stubApi } from '../../testing/test-utils';
import { resource as deduction } from './point-deduction.resource';

beforeEach(async () => {
  await initTestI18n();
  signIn();
  stubApi(({ url }) =>
    url.pathname.endsWith('/point/balance/customer_id/42')
      ? ok({ customer_id: 42, point_balance: 12500 })
      : ok([]),
  );
});

describe('deduction form', () => {
  it("should show the picked store's balance beside the deduction form", async () => {
    const Aside = deduction.form?.aside;
    expect(Aside).toBeDefined();
    if (!Aside) return;
    renderAt(<Aside record={{ customer_id: 42, points: 10 }} />, { path: '/', route: '/' });
    expect(await screen.findByText('12,500')).toBeInTheDocument();
  });

  it('should show nothing beside the deduction form before a store is picked', () => {
    const Aside = deduction.form?.aside;
    if (!Aside) throw new Error('the deduction form has no aside');
    const { container } = renderAt(<Aside record={{ customer_id: null }} />, { path: '/', route: '/' });
    expect(container.querySelector('[data-testid="store-balance"]')).toBeNull();
  });
});
