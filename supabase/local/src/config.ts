import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseToml } from 'smol-toml';
import type { RealtimeLimits } from './realtime/limits.ts';
import { functionSettings, type FunctionSettings } from './functions/settings.ts';

/** The Supabase CLI's well-known local secrets: one `.env` then works against `supabase start` or this stack. */
export const LOCAL_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
export const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
export const LOCAL_SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const SUPABASE_DIR = path.join(REPO_ROOT, 'supabase');

/** [auth.rate_limit]: requests per client per 5 minutes, except emailSent (all e-mails, per hour). */
export interface RateLimits {
  windowSeconds: number;
  signInSignUps: number;
  tokenRefresh: number;
  tokenVerifications: number;
  emailSent: number;
}

/** An [auth.email.template.<type>] or [auth.email.notification.<type>] entry, its file resolved. */
export interface EmailTemplateFile {
  subject: string | undefined;
  /** Absolute path of the HTML file, or undefined when config.toml names none. */
  contentPath: string | undefined;
}

export interface EmailNotification extends EmailTemplateFile {
  enabled: boolean;
}

export interface AuthSettings {
  siteUrl: string;
  additionalRedirectUrls: string[];
  jwtExpiry: number;
  enableSignup: boolean;
  enableConfirmations: boolean;
  refreshTokenRotation: boolean;
  refreshTokenReuseInterval: number;
  minimumPasswordLength: number;
  /** Character sets a password must each draw from (GoTrue's password_required_characters). */
  passwordRequiredCharacters: string[];
  /** An address change needs the links sent to both the old and the new address. */
  doubleConfirmChanges: boolean;
  /** [auth.email.template.<type>]: confirmation, recovery, email_change, … */
  emailTemplates: Record<string, EmailTemplateFile>;
  /** [auth.email.notification.<type>]: password_changed, email_changed, … */
  emailNotifications: Record<string, EmailNotification>;
  /** Seconds between two confirmation e-mails to one address. */
  maxFrequencySeconds: number;
  /** How long a link or code from an e-mail stays valid ([auth.email] otp_expiry). */
  otpExpirySeconds: number;
  rateLimits: RateLimits;
}

export interface StackConfig {
  host: string;
  port: number;
  /** Public URL of the API, e.g. http://127.0.0.1:54321 (links in e-mails, the `iss` claim). */
  apiUrl: string;
  /** Port of the mailbox (the CLI's Mailpit port, [inbucket] port); 0 takes a free port. */
  mailPort: number;
  /** URL of the mailbox once it listens; undefined while it does not (SMTP_URL set, or not started). */
  mailUrl: string | undefined;
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
  maxRows: number;
  /** Largest request body the API reads (PostgREST and GoTrue bodies; uploads have their own limit). */
  maxBodyBytes: number;
  /** Global upload limit in bytes ([storage] file_size_limit). */
  storageFileSizeLimit: number;
  auth: AuthSettings;
  /** [functions.<name>] entries: which Edge Functions are served and whether they check a JWT. */
  functions: Record<string, FunctionSettings>;
  smtpUrl: string | undefined;
  /** SMTP_TLS_INSECURE=1: accept any TLS certificate from the SMTP server (a local test server only). */
  smtpTlsInsecure: boolean;
  mailFrom: string;
  /** PGlite data and mailbox live under here; undefined keeps everything in memory (tests). */
  dataDir: string | undefined;
  storageDir: string | undefined;
  databaseUrl: string | undefined;
  migrationsDir: string;
  seedFile: string;
  /** false: the stack leaves the outbox to the send-mail function (its test); true by default. */
  deliverOutbox: boolean;
  /** How often the stack looks for due jobs by itself (ms); 0: only when asked (test stacks move a clock). */
  jobsTickMs: number;
  /** false: requests SQL queues with net.http_post wait until asked (test stacks); true by default. */
  sendHttpRequests: boolean;
  /** Secrets the Edge Functions get besides supabase/functions/.env (tests: a stand-in's address and key). */
  functionSecrets?: Record<string, string>;
  /** Tests lower Realtime's per-client limits; unset, hosted Realtime's defaults apply. */
  realtimeLimits?: Partial<RealtimeLimits>;
}

type Toml = Record<string, unknown>;

function section(toml: Toml, ...keys: string[]): Toml {
  let node: unknown = toml;
  for (const key of keys) node = (node as Toml | undefined)?.[key];
  return typeof node === 'object' && node !== null ? (node as Toml) : {};
}

function num(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

function bool(value: unknown, fallback: boolean): boolean {
  return typeof value === 'boolean' ? value : fallback;
}

function str(value: unknown, fallback: string): string {
  return typeof value === 'string' && value !== '' ? value : fallback;
}

/** "50MiB", "5MB", "1024" → bytes, as the CLI reads file_size_limit. */
export function parseSize(value: unknown, fallback: number): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return fallback;
  const match = /^\s*(\d+(?:\.\d+)?)\s*(B|KB|KiB|MB|MiB|GB|GiB)?\s*$/i.exec(value);
  if (!match) return fallback;
  const units: Record<string, number> = {
    b: 1,
    kb: 1000,
    kib: 1024,
    mb: 1000 ** 2,
    mib: 1024 ** 2,
    gb: 1000 ** 3,
    gib: 1024 ** 3,
  };
  return Math.round(Number(match[1]) * (units[(match[2] ?? 'b').toLowerCase()] ?? 1));
}

/** "1s", "60s", "1m" → seconds. */
function parseDurationSeconds(value: unknown, fallback: number): number {
  if (typeof value !== 'string') return fallback;
  const match = /^(\d+)(s|m|h)$/.exec(value.trim());
  if (!match) return fallback;
  return Number(match[1]) * ({ s: 1, m: 60, h: 3600 }[match[2] as 's' | 'm' | 'h'] ?? 1);
}

const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
const SYMBOLS = '!@#$%^&*()_+-=[]{};\'\\:"|<>?,./`~';

/** password_requirements as the CLI sends it to GoTrue (required character sets). */
export function requiredCharacters(value: unknown): string[] {
  switch (value) {
    case 'letters_digits':
      return [LOWER + UPPER, DIGITS];
    case 'lower_upper_letters_digits':
      return [LOWER, UPPER, DIGITS];
    case 'lower_upper_letters_digits_symbols':
      return [LOWER, UPPER, DIGITS, SYMBOLS];
    case undefined:
    case '':
      return [];
    default:
      throw new Error(`config.toml: unknown [auth] password_requirements ${JSON.stringify(value)}`);
  }
}

/**
 * E-mail template entries. As the CLI resolves them, a template's content_path is relative to the
 * directory holding supabase/, a notification's to supabase/ itself.
 */
function templateFiles(entries: Toml, baseDir: string): Record<string, EmailTemplateFile> {
  const files: Record<string, EmailTemplateFile> = {};
  for (const [type, value] of Object.entries(entries)) {
    const entry = typeof value === 'object' && value !== null ? (value as Toml) : {};
    const contentPath = typeof entry.content_path === 'string' ? entry.content_path : undefined;
    files[type] = {
      subject: typeof entry.subject === 'string' ? entry.subject : undefined,
      contentPath: contentPath === undefined ? undefined : path.resolve(baseDir, contentPath),
    };
  }
  return files;
}

function notificationFiles(entries: Toml, baseDir: string): Record<string, EmailNotification> {
  const files = templateFiles(entries, baseDir);
  return Object.fromEntries(
    Object.entries(files).map(([type, file]) => [
      type,
      { ...file, enabled: bool(section(entries, type).enabled, false) },
    ]),
  );
}

export function readConfigToml(file = path.join(SUPABASE_DIR, 'config.toml')): Toml {
  try {
    return parseToml(readFileSync(file, 'utf8')) as Toml;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new Error(`Could not read ${file}: ${(error as Error).message}`, { cause: error });
  }
}

/** Builds the stack's settings from supabase/config.toml, then the environment, then the CLI's defaults. */
export function loadConfig(
  rawEnv: NodeJS.ProcessEnv = process.env,
  toml: Toml = readConfigToml(),
  supabaseDir = SUPABASE_DIR,
): StackConfig {
  // An empty variable (as copied from .env.example) means "use the default".
  const env = Object.fromEntries(
    Object.entries(rawEnv).filter(([, value]) => value !== '' && value !== undefined),
  );
  const api = section(toml, 'api');
  const auth = section(toml, 'auth');
  const email = section(toml, 'auth', 'email');
  const rate = section(toml, 'auth', 'rate_limit');
  const storage = section(toml, 'storage');
  const mailpit = section(toml, 'inbucket');
  const host = env.SUPABASE_LOCAL_HOST ?? '127.0.0.1';
  const port = Number(env.SUPABASE_LOCAL_PORT ?? num(api.port, 54321));
  const dataRoot = path.resolve(REPO_ROOT, env.SUPABASE_LOCAL_DATA_DIR ?? '.data');
  const inMemory = env.SUPABASE_LOCAL_DATA_DIR === 'memory';
  return {
    host,
    port,
    apiUrl: env.API_EXTERNAL_URL ?? `http://${host}:${port}`,
    mailPort: Number(env.SUPABASE_LOCAL_MAIL_PORT ?? num(mailpit.port, 54324)),
    mailUrl: undefined,
    jwtSecret: env.JWT_SECRET ?? LOCAL_JWT_SECRET,
    anonKey: env.SUPABASE_ANON_KEY ?? LOCAL_ANON_KEY,
    serviceRoleKey: env.SUPABASE_SERVICE_ROLE_KEY ?? LOCAL_SERVICE_ROLE_KEY,
    maxRows: num(api.max_rows, 1000),
    maxBodyBytes: 1024 * 1024,
    jobsTickMs: 10_000,
    sendHttpRequests: true,
    deliverOutbox: true,
    storageFileSizeLimit: parseSize(storage.file_size_limit, 50 * 1024 ** 2),
    auth: {
      siteUrl: env.SITE_URL ?? str(auth.site_url, 'http://localhost:4321'),
      additionalRedirectUrls: Array.isArray(auth.additional_redirect_urls)
        ? auth.additional_redirect_urls.filter((u): u is string => typeof u === 'string')
        : [],
      jwtExpiry: num(auth.jwt_expiry, 3600),
      enableSignup: bool(auth.enable_signup, true) && bool(email.enable_signup, true),
      enableConfirmations: bool(email.enable_confirmations, true),
      refreshTokenRotation: bool(auth.enable_refresh_token_rotation, true),
      refreshTokenReuseInterval: num(auth.refresh_token_reuse_interval, 10),
      // GoTrue never accepts less than 6.
      minimumPasswordLength: Math.max(6, num(auth.minimum_password_length, 6)),
      passwordRequiredCharacters: requiredCharacters(auth.password_requirements),
      doubleConfirmChanges: bool(email.double_confirm_changes, true),
      emailTemplates: templateFiles(section(email, 'template'), path.dirname(supabaseDir)),
      emailNotifications: notificationFiles(section(email, 'notification'), supabaseDir),
      maxFrequencySeconds: parseDurationSeconds(email.max_frequency, 1),
      otpExpirySeconds: num(email.otp_expiry, 86_400),
      rateLimits: {
        windowSeconds: 300,
        signInSignUps: num(rate.sign_in_sign_ups, 30),
        tokenRefresh: num(rate.token_refresh, 150),
        tokenVerifications: num(rate.token_verifications, 30),
        emailSent: num(rate.email_sent, 2),
      },
    },
    functions: functionSettings(section(toml, 'functions')),
    smtpUrl: env.SMTP_URL,
    smtpTlsInsecure: env.SMTP_TLS_INSECURE === '1' || env.SMTP_TLS_INSECURE === 'true',
    mailFrom: env.MAIL_FROM ?? 'Haunted Horizons <no-reply@hauntedhorizons.com.au>',
    dataDir: inMemory ? undefined : dataRoot,
    storageDir: inMemory ? undefined : path.join(dataRoot, 'storage'),
    databaseUrl: env.DATABASE_URL,
    migrationsDir: path.join(SUPABASE_DIR, 'migrations'),
    seedFile: path.join(SUPABASE_DIR, 'seed.sql'),
  };
}
