// index.html's inline script and the app taking over from it: the script asks for the home's three
// answers with the headers the app's own calls send, and writes the header and the balance card as
// the app's first render writes them; the app then renders the same markup over it in one commit
// (never a wait in between: no flash) and takes those answers instead of asking again.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { act } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearData } from './lib/data';
import { saveSession } from './lib/session';
import { startApp, startWhenReady } from './start';
import { homeAnswers, json, me, ok, session, stubFetch } from './testing/fetch';

const html = readFileSync(path.join(import.meta.dirname, '..', 'index.html'), 'utf8');
const open = html.indexOf('<script>');
const inline = html.slice(open + '<script>'.length, html.indexOf('</script>', open));

let container: HTMLElement;
let root: Root | undefined;

beforeEach(() => {
  saveSession(session);
  window.history.replaceState(null, '', '/app/');
  document.documentElement.dataset.appVersion = 'test';
  container = document.createElement('div');
  container.id = 'root';
  document.body.append(container);
});

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  container.remove();
  delete (window as { __lboEarly?: unknown }).__lboEarly;
});

/** Runs index.html's inline script as the browser does, and waits for what it writes. */
async function runInline() {
  new Function(inline)();
  await expect
    .poll(() => container.querySelector('[data-testid="balance"]'), { timeout: 10_000 })
    .not.toBeNull();
}

const cases = [
  { name: 'Indonesian, under the cap', lang: 'id', answer: me, text: '1.250 poin' },
  {
    name: 'English, without a cap',
    lang: 'en',
    answer: { ...me, monthly_max_point: null },
    text: '1,250 points',
  },
  {
    name: 'Indonesian, the cap reached',
    lang: 'id',
    answer: { ...me, points_this_month: 1000, point_balance: 1234567 },
    text: '1.234.567 poin',
  },
] as const;

describe("index.html's inline script and the app taking over", () => {
  for (const c of cases) {
    it(`should write the balance as the app does, and the app replace it with the same (${c.name})`, async () => {
      localStorage.setItem('lbo_store_lang', c.lang);
      const calls = stubFetch((call) =>
        call.path === '/store/me' ? ok(c.answer) : (homeAnswers(call) ?? json(404, {})),
      );
      await runInline();
      expect(container.querySelector('[data-testid="balance"]')).toHaveTextContent(c.text);
      expect(calls.map((x) => x.path)).toEqual(['/store/me', '/store/feed', '/store/inbox?page=1&limit=30']);
      for (const x of calls) {
        expect(x.headers).toMatchObject({
          authorization: `Bearer ${session.token}`,
          'accept-language': c.lang,
          'x-app-version': 'test',
        });
      }
      const header = container.querySelector('header')?.cloneNode(true);
      const card = container.querySelector('section.balance')?.cloneNode(true);
      expect(header).toBeTruthy();
      expect(card).toBeTruthy();

      // Every change React makes to the page leaves a balance in it.
      const withoutBalance: number[] = [];
      let batches = 0;
      const watch = new MutationObserver(() => {
        batches++;
        if (!container.querySelector('[data-testid="balance"]')) withoutBalance.push(batches);
      });
      watch.observe(container, { childList: true, subtree: true, characterData: true });
      act(() => {
        root = startApp(container);
      });
      await new Promise((r) => setTimeout(r, 0));
      watch.disconnect();
      expect(batches).toBeGreaterThan(0);
      expect(withoutBalance).toEqual([]);
      // React's own markup now, equal to what the inline script wrote (React writes `1.250 ` as two
      // text nodes: the same text on screen).
      const same = (selector: string, before: Node | undefined) => {
        const now = container.querySelector(selector)?.cloneNode(true);
        now?.normalize();
        expect((now as Element | undefined)?.outerHTML).toBe((before as Element | undefined)?.outerHTML);
        expect(now?.isEqualNode(before ?? null)).toBe(true);
      };
      same('header', header);
      same('section.balance', card);
      expect(container.querySelector('nav.bottom')).not.toBeNull();
      // The app took the inline script's answers: nothing asked twice.
      await act(async () => {
        await new Promise((r) => setTimeout(r, 50));
      });
      expect(calls.filter((x) => x.path === '/store/me')).toHaveLength(1);
      expect(calls.filter((x) => x.path === '/store/feed')).toHaveLength(1);
    });
  }

  it("should write the balance while the page still waits for the app's script, and into a #root parsed after the answer", async () => {
    // A module script holds DOMContentLoaded back until it has run: the balance must not wait for it.
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    stubFetch((call) => homeAnswers(call) ?? json(404, {}));
    await runInline();
    expect(container.querySelector('[data-testid="balance"]')).toHaveTextContent('1.250 poin');
    delete (window as { __lboEarly?: unknown }).__lboEarly;
    container.remove();
    container = document.createElement('div');
    container.id = 'root';
    new Function(inline)();
    await expect.poll(() => (window as { __lboEarly?: { me?: unknown } }).__lboEarly?.me).toBeTruthy();
    document.body.append(container);
    await expect
      .poll(() => container.querySelector('[data-testid="balance"]')?.textContent, { timeout: 10_000 })
      .toBe('1.250 poin');
    readyState.mockRestore();
  });

  it('should render the app once the inline script has written the balance, or after a bounded wait', async () => {
    let answer: (r: Response) => void = () => {};
    stubFetch((call) =>
      call.path === '/store/me'
        ? new Promise<Response>((r) => (answer = r))
        : (homeAnswers(call) ?? json(404, {})),
    );
    new Function(inline)();
    const started = startWhenReady(container, 60_000);
    await new Promise((r) => setTimeout(r, 50));
    expect(container.childElementCount).toBe(0);
    answer(ok(me));
    await act(async () => {
      root = await started;
    });
    await expect.poll(() => container.querySelector('nav.bottom')).not.toBeNull();
    expect(container.querySelector('[data-testid="balance"]')).toHaveTextContent('1.250 poin');
    expect(container.querySelector('.balance + .loading, main > .loading:first-child')).toBeNull();
    act(() => root?.unmount());
    container.replaceChildren();
    delete (window as { __lboEarly?: unknown }).__lboEarly;

    clearData();

    // A balance that does not come holds the app back only so long.
    let late: (r: Response) => void = () => {};
    stubFetch((call) =>
      call.path === '/store/me'
        ? new Promise<Response>((r) => (late = r))
        : (homeAnswers(call) ?? json(404, {})),
    );
    new Function(inline)();
    await act(async () => {
      root = await startWhenReady(container, 50);
    });
    expect(container.querySelector('nav.bottom')).not.toBeNull();
    expect(container.querySelector('.loading')).not.toBeNull();
    await act(async () => late(ok(me)));
    await expect
      .poll(() => container.querySelector('[data-testid="balance"]')?.textContent, { timeout: 10_000 })
      .toBe('1.250 poin');
  });

  it('should leave the page to the app when the app rendered first', async () => {
    let answer: (r: Response) => void = () => {};
    const calls = stubFetch((call) =>
      call.path === '/store/me'
        ? new Promise<Response>((r) => (answer = r))
        : (homeAnswers(call) ?? json(404, {})),
    );
    new Function(inline)();
    act(() => {
      root = startApp(container);
    });
    expect(container.querySelector('.loading')).not.toBeNull();
    await act(async () => answer(ok(me)));
    await expect
      .poll(() => container.querySelector('[data-testid="balance"]')?.textContent, { timeout: 10_000 })
      .toBe('1.250 poin');
    expect(container.querySelectorAll('header')).toHaveLength(1);
    expect(container.querySelector('nav.bottom')).not.toBeNull();
    expect(calls.filter((x) => x.path === '/store/me')).toHaveLength(1);
  });

  it('should write nothing signed out, or for an answer kept from the last connection', async () => {
    const calls = stubFetch((call) =>
      call.path === '/store/me'
        ? ok(me, undefined, { 'x-lbo-saved-at': '2026-11-27T07:05:00.000Z' })
        : json(404, {}),
    );
    new Function(inline)();
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toHaveLength(3);
    expect(container.childElementCount).toBe(0);
    localStorage.clear();
    calls.length = 0;
    new Function(inline)();
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toHaveLength(0);
    expect(container.childElementCount).toBe(0);
  });
});
