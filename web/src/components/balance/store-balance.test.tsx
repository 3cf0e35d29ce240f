// The store balance panel against a stubbed API.
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { initTestI18n, ok, renderAt, signIn, stubApi } from '../../testing/test-utils';
import { StoreBalance } from './store-balance';

beforeEach(async () => {
  await initTestI18n();
  signIn();
  stubApi(({ url }) =>
    url.pathname.endsWith('/point/balance/customer_id/42')
      ? ok({ customer_id: 42, point_balance: 12500 })
      : ok([]),
  );
});

describe('store balance', () => {
  it("should show the store's current balance", async () => {
    renderAt(<StoreBalance customerId={42} />, { path: '/', route: '/' });
    expect(await screen.findByText('12,500')).toBeInTheDocument();
    expect(screen.getByText('The store’s balance now:')).toBeInTheDocument();
  });
});
