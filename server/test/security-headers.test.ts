// The security headers every answer carries: the same set, with the same values, on a page, an API
// answer, an error and an uploaded file (computed once at start, so a change here is deliberate).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, PNG_1X1 } from './factories';
import { createHarness, type Harness } from './harness';

const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';frame-ancestors 'self';" +
    "img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';" +
    "style-src 'self' 'unsafe-inline';connect-src 'self';media-src 'self' https: http:",

  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

let h: Harness;
let admin: string;

beforeAll(async () => {
  h = await createHarness();
  admin = await h.login();
});
afterAll(async () => {
  await h?.close();
});

function securityHeaders(headers: Record<string, unknown>) {
  const picked: Record<string, unknown> = {};
  for (const name of Object.keys(SECURITY_HEADERS)) picked[name] = headers[name];
  return picked;
}

describe('security headers', () => {
  it('should send the full set on an API answer, an error and the API documentation redirect', async () => {
    const api = await h.app.inject({ method: 'GET', url: '/v1/api/health' });
    expect(api.statusCode).toBe(200);
    expect(securityHeaders(api.headers)).toEqual(SECURITY_HEADERS);
    expect(api.headers['x-powered-by']).toBeUndefined();

    const denied = await h.app.inject({ method: 'GET', url: '/v1/api/web/customer/' });
    expect(denied.statusCode).toBe(401);
    expect(securityHeaders(denied.headers)).toEqual(SECURITY_HEADERS);

    const missing = await h.app.inject({ method: 'GET', url: '/v1/api/no-such-route' });
    expect(missing.statusCode).toBe(404);
    expect(securityHeaders(missing.headers)).toEqual(SECURITY_HEADERS);

    const moved = await h.app.inject({ method: 'GET', url: '/v1/api/docs' });
    expect(securityHeaders(moved.headers)).toEqual(SECURITY_HEADERS);
  });

  it('should send the full set on an upload and on the uploaded file', async () => {
    const body = multipart([{ name: 'photo', value: PNG_1X1, filename: 'p.png', type: 'image/png' }]);
    const up = await h.app.inject({
      method: 'POST',
      url: '/v1/api/apps/news/photo',
      headers: { ...body.headers, authorization: `Bearer ${admin}` },
      payload: body.payload,
    });
    expect(up.statusCode).toBe(201);
    expect(securityHeaders(up.headers)).toEqual(SECURITY_HEADERS);
    const file = await h.app.inject({ method: 'GET', url: up.json().data.url });
    expect(file.statusCode).toBe(200);
    expect(securityHeaders(file.headers)).toEqual(SECURITY_HEADERS);
  });
});
