// Graceful shutdown of the real server process: a request in flight when SIGTERM arrives still gets
// its answer, a live-update stream is ended, new connections are refused, and the process exits 0.
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, type ServerProcess, startServer, waitHealthy } from '../support/server-process';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('graceful shutdown', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lbo-shutdown-'));
  let proc: ServerProcess | undefined;
  afterAll(() => {
    if (proc?.child.exitCode === null) proc.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('should finish a request in flight at SIGTERM with 200, end the streams and exit 0', async () => {
    const port = await freePort();
    proc = startServer(dataDir, port);
    await waitHealthy(port, proc);
    const base = `http://127.0.0.1:${port}/v1/api`;
    const login = await fetch(`${base}/web/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: 'admin123' }),
    });
    expect(login.status).toBe(200);
    const token = ((await login.json()) as { data: { token: string } }).data.token;

    // An open live-update stream must not hold the stop.
    const stream = await fetch(`${base}/web/events`, { headers: { authorization: `Bearer ${token}` } });
    expect(stream.status).toBe(200);
    const streamEnded = (async () => {
      for await (const _ of stream.body as unknown as AsyncIterable<Uint8Array>) {
        /* drain until the server ends it */
      }
      return true;
    })();

    // The request in flight: its body arrives in two parts, SIGTERM between them.
    const body = JSON.stringify({ email: 'admin@example.com', password: 'admin123' });
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path: '/v1/api/web/auth',
          method: 'POST',
          agent: false,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          let text = '';
          res.on('data', (d) => {
            text += d;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => {
        proc?.child.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(10)), 500);
      }, 300);
    });
    const done = await answer;
    expect(done.status).toBe(200);
    expect(JSON.parse(done.text).data.token).toEqual(expect.any(String));
    expect(await streamEnded).toBe(true);
    expect(await proc.exited).toBe(0);
    await sleep(10);
    await expect(fetch(`${base}/health`)).rejects.toThrow();
  });
});
