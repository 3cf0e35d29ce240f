// Builds the Fastify application: plugins, error envelope, auth, the API under /v1/api and the web app at /.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { type ErrCode, ErrorBody } from '@lbo/contract/common';
import { sql } from 'drizzle-orm';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import helmet, { type HelmetOptions } from 'helmet';
import { z } from 'zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { registerAuth, resolveJwtSecret, TokenService } from './http/auth';
import { errorBody, localizedErrorBody, problem, registerErrorHandling } from './http/errors';
import { registerInputGuards } from './http/input-guard';
import { requestLang } from './http/messages';
import { registerMetrics } from './http/metrics';
import { createCounterStore, registerRateLimits } from './http/rate-limit';
import { readinessCheck } from './http/ready';
import type { RouteScope } from './http/scope';
import { createSerializerCompiler } from './http/serializer';
import {
  isStoredName,
  LocalUploadStore,
  MAX_UPLOAD_BYTES,
  UPLOADS_CACHE_CONTROL,
  UPLOADS_URL_PREFIX,
} from './http/uploads';
import { JOB_SCHEMA, JobQueue } from './jobs/queue';
import { ChangeHub, registerChangeRoutes } from './live/changes';
import { AuthService } from './modules/auth/auth.service';
import { registerModules } from './modules/index';
import { StoreAuthService } from './modules/store/store.auth';
import { createOtpAdapter } from './modules/store/store.otp';

export const API_PREFIX = '/v1/api';
export { MAX_UPLOAD_BYTES };

const WEB_DIST = path.resolve(import.meta.dirname, '../../web/dist');
const STORE_APP_DIST = path.resolve(import.meta.dirname, '../../store-app/dist');
/** Where the stores' web app is served (its build's `base`, store-app/vite.config.ts). */
export const STORE_APP_PREFIX = '/app';

export type RouteEntry = {
  method: string;
  url: string;
  public: boolean;
  area?: string;
  /** Whose tokens the route takes: staff (the back office) or store (the companion app). */
  audience: 'staff' | 'store';
  /** The response schemas by status (tests check each compiles, see http/serializer.ts). */
  responses?: Record<string | number, unknown>;
  /** The route's scope rule (http/scope.ts RouteScope). */
  scope?: RouteScope;
  /** The request schemas (the scope walk reads their reference fields). */
  params?: unknown;
  query?: unknown;
  body?: unknown;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with its auth settings, so tests can walk them all. */
    routeTable: RouteEntry[];
  }
}

const ERROR_ANSWERS: Record<number, { code: ErrCode; description: string }> = {
  400: { code: 'VALIDATION_ERROR', description: 'Invalid input: one message per invalid field' },
  401: { code: 'UNAUTHENTICATED', description: 'No valid token (or wrong credentials)' },
  403: {
    code: 'FORBIDDEN',
    description: 'The role lacks this action, or the record is outside your branches',
  },
  404: { code: 'NOT_FOUND', description: 'No record with that id' },
  409: { code: 'CONFLICT', description: 'Conflicts with stored data (duplicate, still in use, balance)' },
  413: { code: 'PAYLOAD_TOO_LARGE', description: 'The body or file is too large' },
  415: { code: 'UNSUPPORTED_MEDIA_TYPE', description: 'Unsupported content type or file type' },
  429: { code: 'RATE_LIMITED', description: 'Too many attempts; try again later' },
  500: { code: 'INTERNAL', description: 'Unexpected server error (no details)' },
};

const errorAnswers = new Map<number, z.ZodType>();
/**
 * The envelope of one error status. The same for every route, so built once: zod's `extend` costs
 * about 0.1 ms, and the ~500 routes name ~6 statuses each (a noticeable part of the start-up).
 */
function errorAnswer(status: number): z.ZodType {
  let schema = errorAnswers.get(status);
  if (!schema) {
    const { code, description } = ERROR_ANSWERS[status];
    schema = ErrorBody.extend({ err_code: z.literal(code) }).describe(description);
    errorAnswers.set(status, schema);
  }
  return schema;
}

/**
 * The error answers a route can give (CONTRACT.md section 2), added to its OpenAPI entry with the
 * error envelope, so no route declares them by hand. A route's own entries for a status win.
 */
export function errorStatuses(route: {
  method: string;
  url: string;
  public: boolean;
  hasBody: boolean;
  rateLimited: boolean;
}): number[] {
  const writes = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method);
  const takesBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
  // Public routes with a body are the sign-in family: wrong credentials are a 401, repeats a 429.
  const credentials = route.public && route.hasBody;
  const statuses = [400];
  if (!route.public || credentials) statuses.push(401);
  if (!route.public) statuses.push(403);
  if (/:[A-Za-z_]/.test(route.url)) statuses.push(404);
  if (writes) statuses.push(409);
  if (takesBody) statuses.push(413, 415);
  // Signed-in callers have a per-user limit (http/rate-limit.ts) on every route.
  if (!route.public || credentials || route.rateLimited) statuses.push(429);
  statuses.push(500);
  return statuses;
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (a request line or headers over 16 KB,
 * broken framing, a request that takes too long to arrive) still answer in the error envelope.
 */
function clientErrorHandler(err: NodeJS.ErrnoException, socket: import('node:net').Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed || !socket.writable) return;
  const message =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? 'The request line or headers are too large (at most 16 KB): shorten the query'
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 'The request took too long to arrive'
        : 'The request is not valid HTTP';
  const body = JSON.stringify(errorBody('VALIDATION_ERROR', [message]));
  socket.end(
    `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

export type AppDeps = {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** The built web app to serve at `/` (default web/dist). */
  webDistDir?: string;
  /** The built store web app to serve at `/app/` (default store-app/dist). */
  storeAppDistDir?: string;
};

/** `assets/<name>-<hash>.<ext>` (and its `.br` / `.gz`): the content never changes under that name. */
const HASHED_ASSET = /^assets\/[^/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+(\.br|\.gz)?$/;

export function staticCacheControl(relativePath: string): string {
  return HASHED_ASSET.test(relativePath.split(path.sep).join('/'))
    ? 'public, max-age=31536000, immutable'
    : 'no-cache';
}

/** The inline scripts of an HTML page, as the browser hashes them for a CSP `'sha256-…'` source. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    hashes.push(`'sha256-${createHash('sha256').update(m[1], 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/**
 * The Content-Security-Policy of the store app's index.html: the one every answer carries, with its
 * inline scripts allowed by their hashes (and nothing else inline: no 'unsafe-inline').
 */
export function storeAppIndexCsp(html: string): string {
  const directives = SECURITY_HEADER_OPTIONS.contentSecurityPolicy;
  if (!directives || directives === true) throw new Error('the CSP directives are not set');
  const options: HelmetOptions = {
    ...SECURITY_HEADER_OPTIONS,
    contentSecurityPolicy: {
      ...directives,
      directives: {
        ...directives.directives,
        scriptSrc: ["'self'", ...inlineScriptHashes(html)],
      },
    },
  };
  const csp = staticSecurityHeaders(options).find(([name]) => name === 'content-security-policy');
  if (!csp) throw new Error('helmet set no content-security-policy');
  return csp[1];
}

type StoreIndex = {
  key: string;
  raw: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
  csp: string;
};

/**
 * index.html as served: compressed (it holds the inline styles and script, a few KB each), its ETag
 * and its CSP, worked out again only when the file changes (a new build under a running server).
 */
function storeIndexLoader(indexFile: string): () => StoreIndex {
  let current: StoreIndex | undefined;
  return () => {
    const st = statSync(indexFile);
    const key = `${st.mtimeMs}:${st.size}`;
    if (current?.key === key) return current;
    const raw = readFileSync(indexFile);
    const html = raw.toString('utf8');
    current = {
      key,
      raw,
      br: brotliCompressSync(raw, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip: gzipSync(raw, { level: 9 }),
      etag: `"${createHash('sha256').update(raw).digest('base64url').slice(0, 27)}"`,
      csp: storeAppIndexCsp(html),
    };
    return current;
  };
}

/**
 * The stores' web app at /app/: its files as the back office's (precompressed copies, hashed assets
 * immutable, the rest revalidated), and index.html for /app/ and any other path under it that names
 * no file (its screens are paths: /app/coupons). A missing file with an extension (an old script)
 * stays a 404, so a stale page fails visibly instead of running HTML as a script. `/app` is sent to
 * `/app/`: the service worker's scope, where the app works offline, starts there.
 */
async function serveStoreApp(app: FastifyInstance, dist: string): Promise<void> {
  const loadIndex = storeIndexLoader(path.join(dist, 'index.html'));
  const sendIndex = (req: FastifyRequest, reply: FastifyReply) => {
    const index = loadIndex();
    reply
      .header('cache-control', 'no-cache')
      .header('etag', index.etag)
      .header('vary', 'accept-encoding')
      .header('content-security-policy', index.csp);
    if (req.headers['if-none-match'] === index.etag) return reply.code(304).send();
    const accepts = String(req.headers['accept-encoding'] ?? '');
    reply.type('text/html; charset=utf-8');
    if (/\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(index.br);
    if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(index.gzip);
    return reply.send(index.raw);
  };
  await app.register(
    async (scope) => {
      await scope.register(fastifyStatic, {
        root: dist,
        prefix: '/',
        wildcard: true,
        index: false,
        preCompressed: true,
        cacheControl: false,
        decorateReply: false,
        setHeaders: (reply, file) => {
          reply.header('cache-control', staticCacheControl(path.relative(dist, file)));
        },
      });
      // Its index by name as well, with the CSP that lets its inline script run.
      scope.get('/index.html', sendIndex);
      // With ignoreTrailingSlash this route is /app/ and /app.
      scope.get('/', (req, reply) => {
        if (req.url.split('?')[0] === STORE_APP_PREFIX) {
          const query = req.url.slice(STORE_APP_PREFIX.length);
          return reply.redirect(`${STORE_APP_PREFIX}/${query}`, 301);
        }
        return sendIndex(req, reply);
      });
      scope.setNotFoundHandler((req, reply) => {
        const pathname = req.url.split('?')[0];
        const screen = (req.method === 'GET' || req.method === 'HEAD') && !/\.[A-Za-z0-9]+$/.test(pathname);
        if (!screen) return reply.code(404).type('text/plain').send('Not found');
        return sendIndex(req, reply);
      });
    },
    { prefix: STORE_APP_PREFIX },
  );
}

export async function buildApp({
  config,
  database,
  logger,
  webDistDir,
  storeAppDistDir,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    // Per-request lines cost CPU on every call; errors are logged by the error handler regardless.
    logController: new LogController({ disableRequestLogging: config.logRequests !== true }),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 300 },
    bodyLimit: 1024 * 1024,
    // A plugin (swagger-ui reading its assets) can take longer than the default 10 s on a loaded machine.
    pluginTimeout: 120_000,
    trustProxy: false,
    ajv: undefined,
    clientErrorHandler,
  });
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const schema = route.schema as
      | {
          hide?: boolean;
          body?: unknown;
          params?: unknown;
          querystring?: unknown;
          response?: Record<string | number, unknown>;
        }
      | undefined;
    if (schema && !schema.hide && route.url.startsWith(API_PREFIX)) {
      const statuses = errorStatuses({
        method: methods.includes('GET') ? 'GET' : String(methods[0]),
        url: route.url,
        public: route.config?.public === true,
        hasBody: schema.body !== undefined,
        rateLimited: route.config?.rateLimit !== undefined,
      });
      const response = { ...(schema.response ?? {}) };
      for (const status of statuses) {
        if (response[status] === undefined) response[status] = errorAnswer(status);
      }
      schema.response = response;
    }
    // A signed-in route states how it meets branch scope, or it is not registered at all.
    // (The API documentation's pages come from @fastify/swagger-ui, outside the signed-in API.)
    const signedIn =
      route.url.startsWith(`${API_PREFIX}/`) &&
      !route.url.startsWith(`${API_PREFIX}/docs`) &&
      route.config?.public !== true;
    if (signedIn && !route.config?.scope) {
      throw new Error(
        `route ${methods.join(',')} ${route.url} declares no scope rule: set config.scope (http/scope.ts RouteScope)`,
      );
    }
    // A store route reaches only the signed-in store's records, and only store routes claim that.
    if (signedIn && (route.config?.audience === 'store') !== (route.config?.scope === 'store')) {
      throw new Error(
        `route ${methods.join(',')} ${route.url}: config.audience 'store' and config.scope 'store' go together`,
      );
    }
    for (const method of methods) {
      routeTable.push({
        method,
        url: route.url,
        public: route.config?.public === true,
        area: route.config?.area,
        audience: route.config?.audience ?? 'staff',
        scope: route.config?.scope,
        responses: schema?.response,
        params: schema?.params,
        query: schema?.querystring,
        body: schema?.body,
      });
    }
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createSerializerCompiler({ strict: config.checkResponses }));
  registerErrorHandling(app);
  const metrics = registerMetrics(app, config.metricsToken);
  const pool = database.poolStats;
  if (pool()) {
    metrics.registerGauge(
      'db_pool_connections',
      'PostgreSQL pool connections',
      () => {
        const { total, idle, waiting } = pool() ?? { total: 0, idle: 0, waiting: 0 };
        return { total, idle, waiting };
      },
      'state',
    );
  }
  // Live updates: one LISTEN for the process; its streams end first on close (an open stream would
  // hold the server's close), the LISTEN after the last request.
  const changes = new ChangeHub(app.log);
  await changes.start(database.listen);
  app.decorate('changes', changes);
  app.addHook('preClose', (done) => {
    changes.endStreams();
    done();
  });
  app.addHook('onClose', () => changes.close());
  metrics.registerGauge('live_streams_open', 'Open live-update streams', () => changes.openStreams);

  // The security headers are the same on every answer: computed once here and set raw on each request
  // (as helmet's middleware would), instead of rebuilding helmet's middleware per request.
  const securityHeaders = staticSecurityHeaders(SECURITY_HEADER_OPTIONS);
  app.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of securityHeaders) raw.setHeader(name, value);
    done();
  });
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20 } });
  // Uploaded images: stored under generated names, served read-only (no listing, no writes) at /uploads/,
  // from the local folder or the bucket alike, with the same caching (a name is never reused).
  if (config.storage.kind === 's3') {
    const { S3UploadStore } = await import('./http/upload-s3');
    const store = S3UploadStore.fromSettings(config.storage, config.publicUrl);
    app.decorate('uploads', store);
    app.get(`${UPLOADS_URL_PREFIX}*`, async (req, reply) => {
      const rel = (req.params as { '*': string })['*'];
      const ifNoneMatch = req.headers['if-none-match'];
      const object = isStoredName(rel) ? await store.download(rel, ifNoneMatch) : null;
      if (!object) return reply.callNotFound();
      reply.header('cache-control', UPLOADS_CACHE_CONTROL);
      if (object === 'not-modified') return reply.code(304).header('etag', ifNoneMatch).send();
      if (object.contentType) reply.type(object.contentType);
      if (object.contentLength !== undefined) reply.header('content-length', object.contentLength);
      if (object.etag) reply.header('etag', object.etag);
      if (object.lastModified) reply.header('last-modified', object.lastModified.toUTCString());
      return reply.send(object.body);
    });
  } else {
    mkdirSync(config.uploadDir, { recursive: true });
    app.decorate('uploads', new LocalUploadStore(config.uploadDir, config.publicUrl));
    await app.register(fastifyStatic, {
      root: config.uploadDir,
      prefix: UPLOADS_URL_PREFIX,
      decorateReply: false,
      index: false,
      list: false,
      dotfiles: 'deny',
      maxAge: '30d',
      immutable: true,
    });
  }
  // The job queue: open on ready (any process can enqueue); its workers start in main.ts.
  const jobs = new JobQueue({
    database,
    uploads: app.uploads,
    log: app.log,
    leaseSeconds: { 'broadcast-delivery': config.broadcastLeaseSeconds },
    maintenanceSeconds: config.jobMaintenanceSeconds,
    settings: { broadcastSliceSize: config.broadcastSliceSize },
  });
  app.decorate('jobs', jobs);
  app.addHook('onReady', () => jobs.open());
  app.addHook('onClose', () => jobs.stop());
  metrics.registerGauge(
    'job_queue_jobs',
    'Background jobs waiting (created), to retry (retry) and running (active), by state',
    async () => {
      const counts: Record<string, number> = { created: 0, retry: 0, active: 0 };
      const found = await database
        .rows<{ state: string; n: number }>(
          sql`select state::text as state, count(*)::int as n from ${sql.identifier(JOB_SCHEMA)}.job
              where state in ('created', 'retry', 'active') group by state`,
        )
        .catch(() => []);
      for (const r of found) counts[r.state] = Number(r.n);
      return counts;
    },
    'state',
  );
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Loyalty Back Office API',
        version: '1.0.0',
        description:
          "Every route except sign-in, refresh, register, health, the bank's callback (`X-Callback-Token`) and this document needs `Authorization: Bearer <token>`. " +
          'Envelope, errors, paging and scope follow CONTRACT.md.',
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // The bank's callback (POST /integration/va_payment) signs in with a shared secret, not a JWT.
          callbackToken: { type: 'apiKey', in: 'header', name: 'X-Callback-Token' },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs`, uiConfig: { docExpansion: 'list' } });

  const secret = resolveJwtSecret(config.jwtSecret, config.dataDir);
  // On a server database, other API processes may share it: each would sign with a key of its own
  // DATA_DIR and refuse the others' tokens. Not stored in the database, where a reader of a reports
  // replica could sign tokens with it.
  if (config.databaseUrl && !config.jwtSecret) {
    app.log.warn(
      'JWT_SECRET is not set: this process signs with a key of its own DATA_DIR; set the same JWT_SECRET on every API process sharing this database (docs/deploy.md)',
    );
  }
  const tokens = new TokenService(secret, config.accessTokenTtlSeconds);
  const auth = new AuthService(database.db, tokens, {
    refreshTtlDays: config.refreshTokenTtlDays,
    maxFailures: config.loginMaxFailures,
    lockMinutes: config.loginLockMinutes,
  });
  // The companion app's stores: the same session machinery, tokens of their own audience.
  const storeTokens = new TokenService(secret, config.accessTokenTtlSeconds, 'store');
  const storeAuth = new StoreAuthService(
    database.db,
    storeTokens,
    auth,
    createOtpAdapter(config.otpAdapter, app.log),
    secret,
  );

  await app.register(
    async (api) => {
      registerAuth(api, tokens, auth, { tokens: storeTokens, sessions: storeAuth });
      const counters = await createCounterStore(config.rateLimitStore, database.db, app.log);
      api.addHook('onClose', () => counters.close());
      registerRateLimits(api, counters.store, {
        max: config.userRateLimit,
        windowSeconds: config.userRateWindowSeconds,
      });
      registerInputGuards(api);
      api.setNotFoundHandler((req, reply) => {
        const route = problem('no_route', { method: req.method, path: req.url.split('?')[0] });
        reply
          .code(404)
          .send(localizedErrorBody('NOT_FOUND', [route], requestLang(req.headers['accept-language'])));
      });
      const r = api.withTypeProvider<ZodTypeProvider>();
      r.get(
        '/health',
        {
          config: { public: true },
          schema: {
            tags: ['health'],
            summary: 'Liveness and database check',
            security: [],
            response: {
              200: z.object({ data: z.object({ status: z.string(), db: z.string() }) }),
              503: z.object({ data: z.object({ status: z.string(), db: z.string() }) }),
            },
          },
        },
        async (_req, reply) => {
          try {
            await database.db.execute(sql`select 1`);
            return { data: { status: 'ok', db: 'ok' } };
          } catch {
            return reply.code(503).send({ data: { status: 'degraded', db: 'unreachable' } });
          }
        },
      );
      const readiness = readinessCheck(database, app.uploads);
      const Readiness = z.object({
        data: z.object({
          status: z.enum(['ready', 'not_ready']),
          db: z.enum(['ok', 'unreachable']),
          migrations: z.enum(['ok', 'pending', 'unknown']),
          storage: z.enum(['ok', 'unreachable']),
        }),
      });
      r.get(
        '/ready',
        {
          config: { public: true },
          schema: {
            tags: ['health'],
            summary:
              'Readiness: database reachable, migrations applied, upload storage reachable (503 names what failed)',
            security: [],
            response: { 200: Readiness, 503: Readiness },
          },
        },
        async (_req, reply) => {
          const state = await readiness();
          return reply.code(state.status === 'ready' ? 200 : 503).send({ data: state });
        },
      );
      registerChangeRoutes(api, changes, config.accessTokenTtlSeconds);
      api.get('/openapi.json', { config: { public: true }, schema: { hide: true } }, async () =>
        app.swagger(),
      );
      await registerModules(api, { database, auth, storeAuth, config });
    },
    { prefix: API_PREFIX },
  );

  const storeAppDist = storeAppDistDir ?? STORE_APP_DIST;
  if (existsSync(path.join(storeAppDist, 'index.html'))) await serveStoreApp(app, storeAppDist);

  const webDist = webDistDir ?? WEB_DIST;
  if (existsSync(path.join(webDist, 'index.html'))) {
    // The build writes `.br` and `.gz` beside each asset (web/vite.config.ts): sent to browsers that
    // accept them. Hashed assets never change under their name: cached for a year, immutable;
    // everything else (index.html) is revalidated on each load (ETag / Last-Modified: a 304).
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: true,
      // An array: with preCompressed, @fastify/static looks for the index only in a list.
      index: ['index.html'],
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, file) => {
        reply.header('cache-control', staticCacheControl(path.relative(webDist, file)));
      },
    });
  } else {
    app.get('/', async (_req, reply) =>
      reply.type('text/plain').send('The web app is not built yet: run `npm run build` (npm start does it).'),
    );
  }
  return app;
}

const SECURITY_HEADER_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      scriptSrc: ["'self'"],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      // Promo videos play from wherever staff saved them (a CDN, the distributor's site).
      mediaSrc: ["'self'", 'https:', 'http:'],
      upgradeInsecureRequests: null,
    },
  },
};

/**
 * The headers helmet's middleware sets for these options. None depends on the request (no nonces, no
 * per-request directives), so running the middleware once on a recording response gives them all.
 */
export function staticSecurityHeaders(options: HelmetOptions): [string, string][] {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers.set(name.toLowerCase(), String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  helmet(options)({} as never, recorder as never, (error?: unknown) => {
    if (error) throw error;
  });
  return [...headers];
}
