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

  it("should keep the job queue's defaults unless the lease, maintenance and slice settings are given", () => {
    expect(loadConfig({ BROADCAST_SLICE_SIZE: '' })).toMatchObject({
      jobMaintenanceSeconds: 120,
      broadcastLeaseSeconds: 3600,
      broadcastSliceSize: undefined,
    });
    expect(
      loadConfig({ JOB_MAINTENANCE_SECONDS: '2', BROADCAST_LEASE_SECONDS: '30', BROADCAST_SLICE_SIZE: '4' }),
    ).toMatchObject({ jobMaintenanceSeconds: 2, broadcastLeaseSeconds: 30, broadcastSliceSize: 4 });
    for (const [name, value] of [
      ['BROADCAST_SLICE_SIZE', '0'],
      ['BROADCAST_SLICE_SIZE', 'many'],
      ['BROADCAST_LEASE_SECONDS', '5'],
      ['BROADCAST_LEASE_SECONDS', '86400'],
      ['JOB_MAINTENANCE_SECONDS', '0'],
    ]) {
      expect(() => loadConfig({ [name]: value }), `${name}=${value}`).toThrow(`${name}:`);
    }
  });
});
