// Live updates, against the real server: while an administrator looks at the customers list, another
// user (the branch user) changes one of their stores through the API; the list says so (without reshuffling its rows) within
// seconds, and its reload button fetches the rows again and clears the notice.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { ADMIN, BASE_URL, BRANCH_USER, launch, newPage, shot, signIn, tableRows } from '../support';

let browser: Browser;
let page: Page;
before(async () => {
  browser = await launch();
  page = (await newPage(browser)).page;
  await signIn(page, ADMIN);
});
after(async () => {
  await browser?.close();
});

async function api<T>(method: string, path: string, token?: string, body?: unknown): Promise<T> {
  const res = await fetch(`${BASE_URL}/v1/api${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { data: T };
  assert.ok(res.ok, `${method} ${path} answered ${res.status}: ${JSON.stringify(json)}`);
  return json.data;
}

describe('live updates', () => {
  it("shows another user's change on an open list and reloads it on request", async () => {
    await page.goto(`${BASE_URL}/#/customers`);
    await tableRows(page).first().waitFor();
    const notice = page.getByTestId('live-notice');
    assert.equal(await notice.count(), 0);

    // The branch user renames the owner of one of their stores (a partial update).
    const { token } = await api<{ token: string }>('POST', '/web/auth', undefined, BRANCH_USER);
    const list = await api<unknown>('GET', '/web/customer/?limit=1', token);
    // The customers list answers its rows under its list key.
    const [mine] = (Array.isArray(list) ? list : Object.values(list as object).find(Array.isArray)) as {
      customer_id: number;
    }[];
    await api('PUT', `/web/customer/id/${mine.customer_id}`, token, {
      owner_name: `Pemilik ${String(Date.now()).slice(-6)}`,
    });

    await notice.waitFor({ timeout: 10_000 });
    assert.match(await notice.innerText(), /1 baris baru\/berubah oleh pengguna lain/);
    await shot(page, 'live-notice-id');

    await notice.getByRole('button', { name: 'Muat ulang' }).click();
    await notice.waitFor({ state: 'detached', timeout: 10_000 });
  });
});
