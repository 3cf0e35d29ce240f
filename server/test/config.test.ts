// The settings (src/config.ts): one zod schema whose output is the `Config` type, checked at start.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

describe('configuration', () => {
  it('should list every invalid setting in one error when several are wrong', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short', CHECK_RESPONSES: 'yes' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const lines = (error as Error).message.split('\n');
    expect(lines[0]).toBe('Invalid configuration:');
    expect(lines.slice(1).map((l) => l.trim().split(':')[0])).toEqual([
      'PORT',
      'DATABASE_URL',
      'JWT_SECRET',
      'CHECK_RESPONSES',
    ]);
    expect((error as Error).message).toContain('DATABASE_URL: must be a postgres:// URL');
  });

  it('should derive the defaults and the paths from the environment', () => {
    const config = loadConfig({
      DATA_DIR: '/srv/lbo',
      LOG_REQUESTS: '1',
      DATABASE_URL: '',
      VA_CALLBACK_TOKEN: '',
    });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      dataDir: path.resolve('/srv/lbo'),
      uploadDir: path.resolve('/srv/lbo/uploads'),
      publicUrl: '',
      logRequests: true,
      checkResponses: false,
      seedDemo: 'auto',
      vaCallbackToken: undefined,
    });
  });

  it('should count the limits in PostgreSQL unless REDIS_URL names a Redis server', () => {
    expect(loadConfig({}).rateLimitStore).toEqual({ kind: 'postgres' });
    expect(loadConfig({ REDIS_URL: '' }).rateLimitStore).toEqual({ kind: 'postgres' });
    expect(loadConfig({ REDIS_URL: 'redis://10.0.0.5:6379/2' }).rateLimitStore).toEqual({
      kind: 'redis',
      url: 'redis://10.0.0.5:6379/2',
      keyPrefix: 'lbo:',
    });
    expect(() => loadConfig({ REDIS_URL: 'http://x' })).toThrow(
      'REDIS_URL: must be a redis:// or rediss:// URL',
    );
  });
});
