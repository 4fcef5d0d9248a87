import { describe, expect, it } from 'vitest';
import { assertSafeBind, isLoopbackHost } from '../../src/bind-guard.ts';
import { bootStack } from '../../src/boot.ts';
import { LOCAL_ANON_KEY, LOCAL_JWT_SECRET, loadConfig, parseSize } from '../../src/config.ts';

describe('parseSize', () => {
  it('reads the units the Supabase CLI accepts', () => {
    expect(parseSize('50MiB', 0)).toBe(50 * 1024 * 1024);
    expect(parseSize('5MB', 0)).toBe(5_000_000);
    expect(parseSize('1024', 0)).toBe(1024);
    expect(parseSize(2048, 0)).toBe(2048);
  });

  it('falls back on what it cannot read', () => {
    expect(parseSize('lots', 7)).toBe(7);
    expect(parseSize(undefined, 7)).toBe(7);
  });
});

describe('loadConfig', () => {
  it('uses the CLI defaults when config.toml and the environment say nothing', () => {
    const config = loadConfig({}, {});
    expect(config.port).toBe(54321);
    expect(config.apiUrl).toBe('http://127.0.0.1:54321');
    expect(config.anonKey).toBe(LOCAL_ANON_KEY);
    expect(config.auth.jwtExpiry).toBe(3600);
    expect(config.auth.enableConfirmations).toBe(true);
    expect(config.maxRows).toBe(1000);
    expect(config.storageFileSizeLimit).toBe(50 * 1024 * 1024);
  });

  it('reads config.toml sections', () => {
    const config = loadConfig(
      {},
      {
        api: { port: 6000, max_rows: 50 },
        auth: {
          site_url: 'https://example.com',
          additional_redirect_urls: ['https://example.com/**'],
          jwt_expiry: 900,
          email: { enable_confirmations: false, max_frequency: '60s' },
          rate_limit: { sign_in_sign_ups: 3 },
        },
        storage: { file_size_limit: '10MiB' },
      },
    );
    expect(config.port).toBe(6000);
    expect(config.maxRows).toBe(50);
    expect(config.auth.siteUrl).toBe('https://example.com');
    expect(config.auth.additionalRedirectUrls).toEqual(['https://example.com/**']);
    expect(config.auth.jwtExpiry).toBe(900);
    expect(config.auth.enableConfirmations).toBe(false);
    expect(config.auth.maxFrequencySeconds).toBe(60);
    expect(config.auth.rateLimits.signInSignUps).toBe(3);
    expect(config.storageFileSizeLimit).toBe(10 * 1024 * 1024);
  });

  it('lets the environment choose the port, database and mail transport', () => {
    const config = loadConfig(
      { SUPABASE_LOCAL_PORT: '7000', DATABASE_URL: 'postgres://x@y/z', SMTP_URL: 'smtp://127.0.0.1:2525' },
      {},
    );
    expect(config.apiUrl).toBe('http://127.0.0.1:7000');
    expect(config.databaseUrl).toBe('postgres://x@y/z');
    expect(config.smtpUrl).toBe('smtp://127.0.0.1:2525');
  });

  it('keeps nothing on disk in memory mode', () => {
    const config = loadConfig({ SUPABASE_LOCAL_DATA_DIR: 'memory' }, {});
    expect(config.dataDir).toBeUndefined();
    expect(config.storageDir).toBeUndefined();
  });

  it('reads the repository config.toml with e-mail confirmations on', () => {
    expect(loadConfig({}).auth.enableConfirmations).toBe(true);
  });

  it('reads password rules, double confirmation and e-mail files as the CLI resolves them', () => {
    const config = loadConfig(
      {},
      {
        auth: {
          minimum_password_length: 4,
          password_requirements: 'lower_upper_letters_digits',
          email: {
            double_confirm_changes: false,
            template: { recovery: { subject: 'R', content_path: './supabase/templates/recovery.html' } },
            notification: { email_changed: { enabled: true, content_path: './templates/changed.html' } },
          },
        },
      },
      '/project/supabase',
    );
    expect(config.auth.minimumPasswordLength).toBe(6); // GoTrue's floor
    expect(config.auth.passwordRequiredCharacters).toHaveLength(3);
    expect(config.auth.doubleConfirmChanges).toBe(false);
    // Templates are relative to the project root, notifications to supabase/.
    expect(config.auth.emailTemplates.recovery).toEqual({
      subject: 'R',
      contentPath: '/project/supabase/templates/recovery.html',
    });
    expect(config.auth.emailNotifications.email_changed).toEqual({
      enabled: true,
      subject: undefined,
      contentPath: '/project/supabase/templates/changed.html',
    });
    expect(() => loadConfig({}, { auth: { password_requirements: 'strong' } })).toThrow(
      'password_requirements',
    );
  });
});

describe('binding beyond this machine with the public JWT secret', () => {
  it('knows loopback names and addresses', () => {
    for (const host of [
      '127.0.0.1',
      '127.8.9.10',
      '::1',
      '[::1]',
      'localhost',
      'LOCALHOST',
      '::ffff:127.0.0.1',
    ]) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
    for (const host of [
      '0.0.0.0',
      '::',
      '192.168.1.5',
      '10.0.0.1',
      'example.com',
      '128.0.0.1',
      '::ffff:10.0.0.1',
    ]) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });

  it('refuses to start on 0.0.0.0 with the CLI secret, saying why and what to do', async () => {
    const config = loadConfig({ SUPABASE_LOCAL_HOST: '0.0.0.0', SUPABASE_LOCAL_DATA_DIR: 'memory' }, {});
    await expect(bootStack(config)).rejects.toThrow(
      /Refusing to listen on 0\.0\.0\.0: JWT_SECRET is the Supabase CLI's public default.*set your own JWT_SECRET/,
    );
    expect(() => assertSafeBind({ host: '192.168.1.5', jwtSecret: LOCAL_JWT_SECRET })).toThrow(
      /192\.168\.1\.5/,
    );
  });

  it('allows loopback with the CLI secret, and any address with a secret of your own', () => {
    expect(() => assertSafeBind({ host: '127.0.0.1', jwtSecret: LOCAL_JWT_SECRET })).not.toThrow();
    expect(() => assertSafeBind({ host: 'localhost', jwtSecret: LOCAL_JWT_SECRET })).not.toThrow();
    expect(() =>
      assertSafeBind({ host: '0.0.0.0', jwtSecret: 'a-secret-of-our-own-with-at-least-32-characters' }),
    ).not.toThrow();
  });
});

describe('mailbox and SMTP settings', () => {
  it('puts the mailbox on the CLI’s Mailpit port, from [inbucket] or SUPABASE_LOCAL_MAIL_PORT', () => {
    expect(loadConfig({}, {}).mailPort).toBe(54324);
    expect(loadConfig({}, { inbucket: { port: 6024 } }).mailPort).toBe(6024);
    expect(loadConfig({ SUPABASE_LOCAL_MAIL_PORT: '0' }, { inbucket: { port: 6024 } }).mailPort).toBe(0);
  });

  it('verifies SMTP certificates unless SMTP_TLS_INSECURE=1', () => {
    expect(loadConfig({}, {}).smtpTlsInsecure).toBe(false);
    expect(loadConfig({ SMTP_TLS_INSECURE: '1' }, {}).smtpTlsInsecure).toBe(true);
  });
});
