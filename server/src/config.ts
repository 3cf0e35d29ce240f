// Validated settings, read once from the environment (and an optional .env file). The schema is the
// one source: `Config` is its output type.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** An on/off setting: `true`/`1` or `false`/`0`. */
const flag = z
  .enum(['true', 'false', '1', '0'])
  .default('false')
  .transform((v) => v === 'true' || v === '1');

/** An optional value where an empty string (`FOO=` in a .env file) means unset. */
const unsetWhenEmpty = <T extends z.ZodType<string | undefined>>(schema: T) =>
  schema.optional().or(z.literal('').transform(() => undefined));

export const ConfigSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATABASE_URL: unsetWhenEmpty(z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')),
    DATA_DIR: z.string().min(1).default('./data'),
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(900),
    REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    ADMIN_EMAIL: z.email().default('admin@example.com'),
    ADMIN_PASSWORD: z.string().min(6).default('admin123'),
    UPLOAD_DIR: z.string().optional(),
    PUBLIC_URL: z.string().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** One log line per request and per answer (off by default: ~0.2-0.4 ms of CPU each; errors are always logged). */
    LOG_REQUESTS: flag,
    /**
     * Also check every answer against its zod schema and compare the compiled serialiser's output with
     * zod's (the tests turn it on). It serialises each answer twice, so it is off unless asked for.
     */
    CHECK_RESPONSES: flag,
    SEED_DEMO: z.enum(['auto', 'never']).default('auto'),
    LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
    LOGIN_LOCK_MINUTES: z.coerce.number().int().min(1).default(15),
    /** How store sign-in codes are delivered: `log` writes them to the server log and sends nothing. */
    OTP_ADAPTER: z.enum(['log']).default('log'),
    /**
     * Requests one signed-in user may make per USER_RATE_WINDOW_SECONDS, counted across every API
     * process (0: no limit). A person clicking never comes near; a runaway script does.
     */
    USER_RATE_LIMIT: z.coerce.number().int().min(0).default(600),
    USER_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
    /** Shared secret the bank sends in `X-Callback-Token` on POST /integration/va_payment; unset: refused. */
    VA_CALLBACK_TOKEN: unsetWhenEmpty(z.string().min(16, 'must be at least 16 characters')),
    /**
     * Where the request limits count: unset, in PostgreSQL (the app's database); set, in this Redis
     * server (`redis://` or `rediss://`), one atomic script per allowance.
     */
    REDIS_URL: unsetWhenEmpty(z.string().regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')),
    /** Prefix of the limit keys in Redis, so several deployments (or tests) can share one server. */
    REDIS_KEY_PREFIX: z.string().min(1).max(100).default('lbo:'),
    /** Where uploaded files live: the local folder (UPLOAD_DIR) or an S3-compatible bucket. */
    STORAGE: z.enum(['local', 's3']).default('local'),
    S3_BUCKET: unsetWhenEmpty(z.string().min(3).max(63)),
    S3_REGION: z.string().min(1).default('us-east-1'),
    /** A non-AWS service (MinIO, R2, ...); unset: AWS's own address for the region. */
    S3_ENDPOINT: unsetWhenEmpty(z.url()),
    /** `bucket` in the path instead of the host name, as most self-hosted services want. */
    S3_FORCE_PATH_STYLE: flag,
    AWS_ACCESS_KEY_ID: unsetWhenEmpty(z.string().min(1)),
    AWS_SECRET_ACCESS_KEY: unsetWhenEmpty(z.string().min(1)),
    /** Serves Prometheus metrics at /metrics to scrapes sending `Authorization: Bearer <it>`; unset: off. */
    METRICS_TOKEN: unsetWhenEmpty(z.string().min(16, 'must be at least 16 characters')),
    /**
     * Whether this process runs background jobs (broadcast delivery, the upload sweep, the daily
     * points expiry). Every process can enqueue; a job runs once whichever process takes it.
     */
    JOB_WORKERS: z
      .enum(['true', 'false', '1', '0'])
      .default('true')
      .transform((v) => v === 'true' || v === '1'),
    /**
     * Seconds between the job queue's maintenance runs in a process with workers: it hands back jobs
     * whose lease expired (their process died) and clears old ones.
     */
    JOB_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
    /**
     * A broadcast delivery's lease: a run still going after this long is taken as dead and run again
     * by another process. pg-boss renews no lease while a job runs, so it must exceed the longest
     * delivery (100,000 stores take well under a minute).
     */
    BROADCAST_LEASE_SECONDS: z.coerce.number().int().min(10).max(86_399).default(3600),
    /**
     * Store ids per delivery slice (one transaction) of a broadcast; unset, sized so a slice takes about
     * 20 ms (embedded) or 250 ms (server).
     */
    BROADCAST_SLICE_SIZE: z
      .union([z.literal('').transform(() => undefined), z.coerce.number().int().min(1).max(20_000)])
      .optional(),
  })
  .refine((e) => e.STORAGE !== 's3' || e.S3_BUCKET !== undefined, {
    path: ['S3_BUCKET'],
    message: 'required when STORAGE=s3',
  })
  .transform((e) => {
    const dataDir = path.resolve(e.DATA_DIR);
    return {
      port: e.PORT,
      host: e.HOST,
      databaseUrl: e.DATABASE_URL,
      dataDir,
      jwtSecret: e.JWT_SECRET,
      accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
      refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
      adminEmail: e.ADMIN_EMAIL,
      adminPassword: e.ADMIN_PASSWORD,
      uploadDir: path.resolve(e.UPLOAD_DIR ?? path.join(dataDir, 'uploads')),
      publicUrl: e.PUBLIC_URL ?? '',
      logLevel: e.LOG_LEVEL,
      logRequests: e.LOG_REQUESTS,
      checkResponses: e.CHECK_RESPONSES,
      seedDemo: e.SEED_DEMO,
      loginMaxFailures: e.LOGIN_MAX_FAILURES,
      loginLockMinutes: e.LOGIN_LOCK_MINUTES,
      otpAdapter: e.OTP_ADAPTER,
      vaCallbackToken: e.VA_CALLBACK_TOKEN,
      userRateLimit: e.USER_RATE_LIMIT,
      userRateWindowSeconds: e.USER_RATE_WINDOW_SECONDS,
      metricsToken: e.METRICS_TOKEN,
      jobWorkers: e.JOB_WORKERS,
      jobMaintenanceSeconds: e.JOB_MAINTENANCE_SECONDS,
      broadcastLeaseSeconds: e.BROADCAST_LEASE_SECONDS,
      broadcastSliceSize: e.BROADCAST_SLICE_SIZE,
      rateLimitStore: e.REDIS_URL
        ? ({ kind: 'redis', url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX } as const)
        : ({ kind: 'postgres' } as const),
      storage:
        e.STORAGE === 's3' && e.S3_BUCKET
          ? ({
              kind: 's3',
              bucket: e.S3_BUCKET,
              region: e.S3_REGION,
              endpoint: e.S3_ENDPOINT,
              forcePathStyle: e.S3_FORCE_PATH_STYLE,
              // Both or neither: with neither the SDK finds credentials itself (a role, shared files).
              credentials:
                e.AWS_ACCESS_KEY_ID && e.AWS_SECRET_ACCESS_KEY
                  ? { accessKeyId: e.AWS_ACCESS_KEY_ID, secretAccessKey: e.AWS_SECRET_ACCESS_KEY }
                  : undefined,
            } as const)
          : ({ kind: 'local' } as const),
    };
  });

export type Config = z.output<typeof ConfigSchema>;

export class ConfigError extends Error {}

/** Reads the settings from `env`; every invalid value is listed in one ConfigError. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return { ...parsed.data, ...overrides };
}

/** Loads `.env` from the working directory or the repository root, if present. */
export function loadDotEnv(): void {
  for (const candidate of ['.env', '../.env']) {
    if (existsSync(candidate)) {
      process.loadEnvFile(candidate);
      return;
    }
  }
}
