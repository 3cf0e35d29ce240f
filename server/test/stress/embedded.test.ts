// The embedded database as a real process: the DATA_DIR lock refuses a second process, and a write
// acknowledged before a SIGKILL is there after a restart.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startServer as start, waitHealthy } from '../support/server-process';

const onServer = !!process.env.TEST_DATABASE_URL;
if (onServer)
  console.log('embedded.test: skipped on the PostgreSQL server pass (it tests the embedded database)');

async function api(port: number, method: string, url: string, token?: string, body?: unknown) {
  const res = await fetch(`http://127.0.0.1:${port}/v1/api${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe.skipIf(onServer)('embedded database process', () => {
  it('should refuse a second process on the same DATA_DIR and keep acknowledged writes across SIGKILL', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lbo-embedded-'));
    dirs.push(dataDir);
    const port = await freePort();
    const first = start(dataDir, port);
    await waitHealthy(port, first);

    // A second process (e.g. `npm run seed` while the server runs) is refused with a clear message.
    const second = start(dataDir, await freePort());
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/in use by another process \(pid \d+/);

    const login = await api(port, 'POST', '/web/auth', undefined, {
      email: 'admin@example.com',
      password: 'admin123',
    });
    expect(login.status).toBe(200);
    const created = await api(port, 'POST', '/web/role_group', login.body.data.token, {
      name: 'Tahan Banting',
    });
    expect(created.status).toBe(201);

    first.child.kill('SIGKILL');
    await first.exited;

    // The dead owner's lock is taken over at once, and the acknowledged write is there.
    const port2 = await freePort();
    const restarted = start(dataDir, port2);
    try {
      await waitHealthy(port2, restarted);
      const relogin = await api(port2, 'POST', '/web/auth', undefined, {
        email: 'admin@example.com',
        password: 'admin123',
      });
      const found = await api(
        port2,
        'GET',
        `/web/role_group/id/${created.body.data.id}`,
        relogin.body.data.token,
      );
      expect(found.status).toBe(200);
      expect(found.body.data.name).toBe('Tahan Banting');
    } finally {
      restarted.child.kill('SIGTERM');
      expect(await restarted.exited).toBe(0);
    }
  });
});
