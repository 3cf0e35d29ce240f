// Malformed multipart bodies are the client's fault: 400 in the error envelope, never a 500, on the
// plain photo routes and on the create/update routes that also take multipart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from './harness';

let h: Harness;
let admin: string;
beforeAll(async () => {
  h = await createHarness();
  admin = await h.login();
});
afterAll(async () => {
  await h?.close();
});

const BOUNDARY = '----lbo-test-boundary';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const wellFormed = () =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="photo"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    PNG,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);

async function send(url: string, method: 'POST' | 'PUT', contentType: string, payload: Buffer) {
  const res = await h.app.inject({
    method,
    url: `/v1/api${url}`,
    headers: { authorization: `Bearer ${admin}`, 'content-type': contentType },
    payload,
  });
  return { status: res.statusCode, body: res.json() };
}

describe('malformed multipart', () => {
  const routes = [
    { url: '/point_promo/photo', method: 'POST' as const },
    { url: `/web/customer/id/1`, method: 'PUT' as const },
  ];

  it.each(routes)('should answer 400 to a truncated body on $method $url', async ({ url, method }) => {
    const full = wellFormed();
    const res = await send(
      url,
      method,
      `multipart/form-data; boundary=${BOUNDARY}`,
      full.subarray(0, full.length - 30),
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ data: null, err_code: 'VALIDATION_ERROR' });
    expect(res.body.err_msg[0]).toMatch(/multipart/i);
  });

  it.each(routes)(
    'should answer 400 when the boundary is missing on $method $url',
    async ({ url, method }) => {
      const res = await send(url, method, 'multipart/form-data', wellFormed());
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ data: null, err_code: 'VALIDATION_ERROR' });
    },
  );

  it('should still store a well-formed upload', async () => {
    const res = await send(
      '/point_promo/photo',
      'POST',
      `multipart/form-data; boundary=${BOUNDARY}`,
      wellFormed(),
    );
    expect(res.status).toBe(201);
    expect(res.body.data.url).toMatch(/\/uploads\/point_promo\/.+\.png$/);
  });
});
