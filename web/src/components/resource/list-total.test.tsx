// "About N": a large unfiltered list answers an estimated total (meta.total_estimated); the list says
// so and its paging still reaches the real last page when the estimate is too high or too low.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { gadgetRow } from '../../testing/fake-resource';
import { gadgetListCalls, initGadgetTexts, renderGadgetList } from '../../testing/gadget-screens';
import { ok, signIn, stubApi } from '../../testing/test-utils';
import { learn, listTotal, noBounds, rangeText } from './list-total';

beforeEach(() => initGadgetTexts());

/** `actual` gadgets, answered with the estimate `estimate` as their total. */
function stubEstimatedList(actual: number, estimate: number) {
  return stubApi(({ url }) => {
    if (url.pathname.endsWith('/web/branch/select')) return ok([{ branch_id: 1, name: 'Bandung' }]);
    if (!url.pathname.endsWith('/web/gadget/')) return undefined;
    const page = Number(url.searchParams.get('page'));
    const limit = Number(url.searchParams.get('limit'));
    const n = Math.max(0, Math.min(limit, actual - (page - 1) * limit));
    const rows = Array.from({ length: n }, (_, i) => gadgetRow((page - 1) * limit + i + 1));
    return ok(
      { list_gadget: rows },
      {
        page,
        limit,
        total_data: estimate,
        total_page: Math.ceil(estimate / limit),
        total_estimated: true,
      },
    );
  });
}

const pagesAsked = (calls: Parameters<typeof gadgetListCalls>[0]) =>
  gadgetListCalls(calls).map((c) => Number(c.url.searchParams.get('page')));

describe('list total', () => {
  it('should say "about N" for an estimated total, formatted, and an exact total otherwise', async () => {
    signIn();
    stubEstimatedList(250_000, 123_456);
    renderGadgetList();
    expect(await screen.findByText('1–10 of about 123,456')).toBeInTheDocument();
  });

  it('should reach the real last page when the estimate is too high', async () => {
    signIn();
    const { calls } = stubEstimatedList(95, 120);
    const user = userEvent.setup();
    renderGadgetList();
    expect(await screen.findByText('1–10 of about 120')).toBeInTheDocument();
    // Page 12 is empty: the screen moves back to the middle of what is known (10..110 rows).
    await user.click(screen.getByRole('button', { name: 'Last page' }));
    expect(await screen.findByText('51–60 of about 85')).toBeInTheDocument();
    expect(screen.getByText('Gadget 51')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Last page' }));
    expect(await screen.findByText('81–90 of about 100')).toBeInTheDocument();
    // A short page ends the list: the total is exact from then on.
    await user.click(screen.getByRole('button', { name: 'Last page' }));
    expect(await screen.findByText('91–95 of 95')).toBeInTheDocument();
    expect(screen.getByText('Gadget 95')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(pagesAsked(calls)).toEqual([1, 12, 6, 9, 10]);
  });

  it('should keep a next page when the estimate is too low', async () => {
    signIn();
    const { calls } = stubEstimatedList(95, 90);
    const user = userEvent.setup();
    renderGadgetList();
    expect(await screen.findByText('1–10 of about 90')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Last page' }));
    expect(await screen.findByText('81–90 of about 91')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('91–95 of 95')).toBeInTheDocument();
    expect(pagesAsked(calls)).toEqual([1, 9, 10]);
  });
});

describe('listTotal', () => {
  const meta = (page: number, total_data: number, total_estimated?: true) => ({
    page,
    limit: 10,
    total_data,
    total_page: Math.ceil(total_data / 10),
    ...(total_estimated ? { total_estimated } : {}),
  });

  it('should keep an exact total as it is', () => {
    expect(listTotal(meta(3, 35), learn(noBounds(), meta(3, 35), 0))).toEqual({
      total: 35,
      estimated: false,
    });
  });

  it('should learn an exact total from an empty first page or a short page', () => {
    expect(listTotal(meta(1, 80_000, true), learn(noBounds(), meta(1, 80_000, true), 0))).toEqual({
      total: 0,
      estimated: false,
    });
    expect(listTotal(meta(7, 80_000, true), learn(noBounds(), meta(7, 80_000, true), 4))).toEqual({
      total: 64,
      estimated: false,
    });
  });
});

describe('rangeText', () => {
  it('should group thousands as the language writes them, exact or estimated', async () => {
    const { messages: id } = await import('../../i18n/id.app');
    const { messages: en } = await import('../../i18n/en.app');
    const tIn =
      (messages: { list: { range: string; rangeAbout: string } }) =>
      (key: string, opts: Record<string, unknown>) =>
        (key === 'list.range' ? messages.list.range : messages.list.rangeAbout).replace(
          /\{\{(\w+)\}\}/g,
          (_, k: string) => String(opts[k]),
        );
    expect(rangeText(tIn(id), 'id', { from: 1, to: 10, total: 2000, estimated: false })).toBe(
      '1–10 dari 2.000',
    );
    expect(rangeText(tIn(en), 'en', { from: 1991, to: 2000, total: 2000, estimated: false })).toBe(
      '1,991–2,000 of 2,000',
    );
    expect(rangeText(tIn(en), 'en', { from: 1, to: 10, total: 100000, estimated: true })).toBe(
      '1–10 of about 100,000',
    );
  });
});
