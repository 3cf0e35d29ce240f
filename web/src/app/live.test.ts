import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyEvent, clearPending, parseEvents, pendingChanges } from './live';
import { dashboardKeys, resourceKeys } from './query-keys';

describe('live updates', () => {
  it('should parse whole change events and keep an unfinished one', () => {
    const seen: unknown[] = [];
    const rest = parseEvents(
      'retry: 3000\n\n: ping\n\nevent: change\ndata: {"entity":"customer","ids":[4]}\n\nevent: change\ndata: {"ent',
      (e) => seen.push(e),
    );
    expect(seen).toEqual([{ entity: 'customer', ids: [4] }]);
    expect(rest).toBe('event: change\ndata: {"ent');
  });

  it("should count other users' changes per list, not the user's own, and refetch dashboards on an ERP import", async () => {
    const qc = new QueryClient();
    qc.setQueryData(dashboardKeys.report('/web/dashboard/group', {}, 'rows'), []);
    qc.setQueryData(resourceKeys('salesman').detail(7), {});
    qc.setQueryData(resourceKeys('salesman').list({}), []);
    clearPending('salesman');
    applyEvent(qc, { entity: 'salesman', ids: [7, 8] });
    applyEvent(qc, { entity: 'salesman', ids: [8] });
    applyEvent(qc, { entity: 'salesman' });
    applyEvent(qc, { entity: 'salesman', ids: [9], own: true });
    expect(pendingChanges('salesman')).toBe(3);
    await new Promise((r) => setTimeout(r, 600));
    expect(qc.getQueryState(resourceKeys('salesman').detail(7))?.isInvalidated).toBe(true);
    // The list stays as it is until the user reloads it.
    expect(qc.getQueryState(resourceKeys('salesman').list({}))?.isInvalidated).toBe(false);
    expect(qc.getQueryState(dashboardKeys.report('/web/dashboard/group', {}, 'rows'))?.isInvalidated).toBe(
      false,
    );
    applyEvent(qc, { entity: 'sales_invoice' });
    expect(qc.getQueryState(dashboardKeys.report('/web/dashboard/group', {}, 'rows'))?.isInvalidated).toBe(
      true,
    );
    clearPending('salesman');
    expect(pendingChanges('salesman')).toBe(0);
  });
});
