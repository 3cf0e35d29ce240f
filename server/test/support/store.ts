// The app as the store tests see it: a second instance over the harness's database whose log is
// captured, so a test reads a sign-in code where a developer would (`otp: <phone> <code>`).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import type { Harness } from '../harness';

export const SECRET = 'test-secret-test-secret-test-secret-0123';

export type Answer = { status: number; body: any; headers: Record<string, unknown> };

export type StoreApp = {
  app: FastifyInstance;
  /** Every log line written, parsed. */
  lines: Array<Record<string, unknown>>;
  call(
    token: string | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ): Promise<Answer>;
  /** The code the log adapter wrote for a number last. */
  lastCode(phone: string): string | undefined;
  /** Asks for a code and signs in with it (customer_id when the number has several stores). */
  signIn(
    phone: string,
    customerId?: number,
  ): Promise<{ token: string; refresh_token: string; [k: string]: any }>;
  close(): Promise<void>;
};

let ipCounter = 0;
/** A fresh address per sign-in helper call, so the per-address limit does not spill between tests. */
export const nextIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

export async function createStoreApp(h: Harness): Promise<StoreApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lbo-store-'));
  const lines: Array<Record<string, unknown>> = [];
  const config = loadConfig({ CHECK_RESPONSES: 'true' }, { dataDir, jwtSecret: SECRET, loginMaxFailures: 5 });
  const app = await buildApp({
    config,
    database: h.database,
    logger: {
      level: 'info',
      stream: {
        write(line: string) {
          lines.push(JSON.parse(line));
        },
      },
    },
  });
  await app.ready();
  const call: StoreApp['call'] = async (token, method, url, payload, headers = {}) => {
    const { ip, ...rest } = headers;
    const res = await app.inject({
      method,
      url: url.startsWith('/v1/api') ? url : `/v1/api${url}`,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...rest },
      payload: payload as never,
      remoteAddress: ip ?? '127.0.0.1',
    });
    let body: unknown = res.body;
    try {
      body = res.json();
    } catch {
      /* not JSON */
    }
    return { status: res.statusCode, body, headers: res.headers };
  };
  const lastCode = (phone: string) => {
    for (let i = lines.length - 1; i >= 0; i--) {
      const m = /^otp: (\S+) (\d{6})$/.exec(String(lines[i].msg));
      if (m && m[1] === phone) return m[2];
    }
    return undefined;
  };
  return {
    app,
    lines,
    call,
    lastCode,
    async signIn(phone, customerId) {
      const ip = nextIp();
      const otp = await call(null, 'POST', '/store/auth/otp', { phone_number: phone }, { ip });
      if (otp.status !== 202) throw new Error(`otp ${phone}: ${JSON.stringify(otp.body)}`);
      const code = lastCode(phone);
      const res = await call(
        null,
        'POST',
        '/store/auth',
        { phone_number: phone, code, customer_id: customerId },
        { ip },
      );
      if (res.status !== 200) throw new Error(`store sign-in ${phone}: ${JSON.stringify(res.body)}`);
      return res.body.data;
    },
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
