// One period rule (contract/src/period.ts): every body, import row and query holding a start and an
// end date answers the same 400 when the end is before the start, on the end field, in one wording
// with one code; an update is checked merged with the stored record.
import { newsContract, popupContract, promoVideoContract } from '@lbo/contract/content';
import { couponContract } from '@lbo/contract/coupons';
import { DATES, periodOf } from '@lbo/contract/period';
import { pointMaxCustomerContract, pointPromoContract, pointRuleContract } from '@lbo/contract/points';
import { promoContract } from '@lbo/contract/promos';
import { defineContract } from '@lbo/contract/resource';
import { uploadFolderContract } from '@lbo/contract/uploads';
import { voucherContract } from '@lbo/contract/vouchers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createHarness, type Harness } from './harness';

const WORDED = 'end_date: must be on or after start_date';

describe('period (contract)', () => {
  it('should check the period on create and declare it for updates, for every resource with dates', () => {
    for (const c of [
      newsContract,
      popupContract,
      promoVideoContract,
      promoContract,
      couponContract,
      voucherContract,
      pointRuleContract,
      pointMaxCustomerContract,
      pointPromoContract,
      uploadFolderContract,
    ]) {
      expect({ name: c.name, period: c.period }).toEqual({ name: c.name, period: DATES });
      expect(periodOf(c.create), c.name).toEqual(DATES);
    }
  });

  it('should give a create body the check when a definition names its period', () => {
    const c = defineContract({
      name: 'trip',
      area: 'content',
      idKey: 'id',
      paths: {},
      record: z.object({ id: z.number() }),
      create: z.object({ leave: z.string(), back: z.string() }),
      filters: z.object({}),
      sortKeys: ['id'],
      defaultSort: { by: 'id', dir: 'asc' },
      searchFields: [],
      period: { start: 'leave', end: 'back' },
    });
    const res = c.create?.safeParse({ leave: '2025-02-01', back: '2025-01-31' });
    expect(res?.error?.issues).toEqual([
      expect.objectContaining({ path: ['back'], message: 'must be on or after leave' }),
    ]);
    expect(c.create?.safeParse({ leave: '2025-02-01', back: '2025-02-01' }).success).toBe(true);
  });
});

describe('period (API)', () => {
  let h: Harness;
  let admin: string;
  beforeAll(async () => {
    h = await createHarness();
    admin = await h.login();
  });
  afterAll(async () => {
    await h?.close();
  });

  const lang = async (url: string, language: string) =>
    (
      await h.app.inject({
        method: 'GET',
        url: `/v1/api${url}`,
        headers: { authorization: `Bearer ${admin}`, 'accept-language': language },
      })
    ).json();

  it('should refuse a folder whose dates are out of order, on create and on an update of one end', async () => {
    const bad = await h.call(admin, 'POST', '/upload-folder/', {
      name: 'Periode Terbalik',
      start_date: '2031-02-01',
      end_date: '2031-01-01',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.err_msg).toEqual([WORDED]);

    const ok = await h.call(admin, 'POST', '/upload-folder/', {
      name: 'Periode Benar',
      start_date: '2031-01-01',
      end_date: '2031-03-31',
    });
    expect(ok.status).toBe(201);
    const id = ok.body.data.id;
    const early = await h.call(admin, 'PUT', `/upload-folder/${id}`, { end_date: '2030-12-31' });
    expect(early.status).toBe(400);
    expect(early.body.err_msg).toEqual([WORDED]);
    const stored = await h.call(admin, 'GET', `/upload-folder/${id}`);
    expect(stored.body.data).toMatchObject({ start_date: '2031-01-01', end_date: '2031-03-31' });
    // Without dates a folder has no period to check.
    expect(
      (await h.call(admin, 'PUT', `/upload-folder/${id}`, { start_date: null, end_date: null })).status,
    ).toBe(200);
  });

  it('should check an update of news merged with the stored record', async () => {
    const created = await h.call(admin, 'POST', '/apps/news/add', {
      title: 'Berita Periode',
      start_date: '2031-01-01',
      end_date: '2031-01-31',
    });
    expect(created.status).toBe(201);
    const res = await h.call(admin, 'PUT', `/apps/news/id/${created.body.data.id}`, {
      start_date: '2031-02-01',
    });
    expect(res.status).toBe(400);
    expect(res.body.err_msg).toEqual([WORDED]);
  });

  it('should answer a query with its range out of order the same way, in the request language', async () => {
    for (const url of [
      '/web/dashboard/omzet?start_date=2025-05-01&end_date=2025-04-01',
      '/upload/report?start_date=2025-05-01&end_date=2025-04-01',
      '/web/customer/report?start_date=2025-05-01&end_date=2025-04-01',
      '/coupon_redeem/report/redeemed?start_date=2025-05-01&end_date=2025-04-01',
    ]) {
      const en = await h.call(admin, 'GET', url);
      expect(en.status, url).toBe(400);
      expect(en.body.err_msg, url).toEqual([WORDED]);
      const id = await lang(url, 'id');
      expect(id.err_msg, url).toEqual(['end_date: harus sama dengan atau setelah tanggal mulai']);
      expect(id.err_detail, url).toEqual([
        expect.objectContaining({ code: 'end_before_start', field: 'end_date' }),
      ]);
    }
  });
});
