import { isIP } from 'node:net';
import path from 'node:path';
import { todayIn } from '@lionrock/domain/dates/local-date';
import { isValidUen } from '@lionrock/domain/identity/uen';
import { MARKETS } from '@lionrock/domain/market/market';
import { z } from 'zod';
import { PAUSE_POINTS, type TPausePoint } from './lib/pause-points.ts';

/** Every setting of the server comes from the environment; `.env.example` lists them all (design section 4). */
const APP_ENVS = ['local', 'dev', 'sys', 'uat', 'prod'] as const;

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .refine(
      (value) => {
        if (value === undefined) return true;
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      },
      { message: `must be a URL (${protocols.join(' or ')})` },
    );

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value === '' ? undefined : value));

/** proxy-addr's names for whole address ranges (loopback 127.0.0.1/8 and ::1, and so on). */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** One TRUSTED_PROXIES entry: an IP address, an address/prefix (CIDR), or a range name. */
export function isProxyEntry(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** A comma-separated list, each entry trimmed, empty ones dropped; unset: none. */
const commaList = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== ''),
  );

// Forwarded client addresses are believed only from these (design section 11); none by default.
const ZTrustedProxiesSchema = commaList.superRefine((entries, context) => {
  for (const entry of entries)
    if (!isProxyEntry(entry))
      context.addIssue({
        code: 'custom',
        message: `"${entry}" is not an IP address, address/prefix (CIDR) or one of ${PROXY_RANGE_NAMES.join(', ')}`,
      });
});

/** A 32-byte key in base64 (standard or URL-safe alphabet): an AES-256 key (decision 106). */
const dataKey = z
  .string()
  .trim()
  .refine((value) => /^[A-Za-z0-9+/_-]{43}={0,1}$/.test(value) && decodeKey(value).length === 32, {
    message: 'must be 32 bytes in base64 (e.g. `openssl rand -base64 32`)',
  });
const decodeKey = (value: string) =>
  Buffer.from(
    value.replace(/[+/]/g, (c) => (c === '+' ? '-' : '_')),
    'base64url',
  );

const cardProfile = (market: 'SGP' | 'HKG') => ({
  [`CARD_GATEWAY_URL_${market}`]: optionalUrl(['https:', 'http:']),
  [`CARD_PROFILE_ID_${market}`]: optionalText,
  [`CARD_ACCESS_KEY_${market}`]: optionalText,
  [`CARD_SECRET_KEY_${market}`]: optionalText,
  // The REST API the shop confirms each card transaction with (design section 11, decision 024).
  [`CARD_REST_URL_${market}`]: optionalUrl(['https:', 'http:']),
  [`CARD_MERCHANT_ID_${market}`]: optionalText,
  [`CARD_REST_KEY_ID_${market}`]: optionalText,
  [`CARD_REST_SECRET_${market}`]: optionalText,
});

const ZEnvSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
  HOST: z.string().trim().min(1).default('localhost'),
  PUBLIC_URL: optionalUrl(['https:', 'http:']),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
  // Set when DATABASE_URL goes through a transaction-mode pooler such as PgBouncer (decision 094).
  DATABASE_DIRECT_URL: optionalUrl(['postgres:', 'postgresql:']),
  DATA_DIR: z.string().trim().min(1).default('.data'),
  APP_ENV: z.enum(APP_ENVS).default('local'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
  MAIL_FROM: z.string().trim().min(3).default('Lionrock Insurance <policies@lionrock.example>'),
  REDIS_URL: optionalUrl(['redis:', 'rediss:']),
  // Threads that render schedule PDFs and send mail (decision 093); unset: one per core but one, 1 to 4.
  DOCUMENT_WORKERS: z.coerce.number().int().min(1).max(16).optional(),
  TRUSTED_PROXIES: ZTrustedProxiesSchema,
  ...cardProfile('SGP'),
  ...cardProfile('HKG'),
  // The merchant's UEN goes into every PayNow QR: it must pass the UEN check.
  PAYNOW_UEN: z
    .string()
    .trim()
    .toUpperCase()
    .refine(
      (uen) => isValidUen(uen, todayIn(MARKETS.SGP.timeZone, new Date())),
      'must be a valid Singapore UEN such as 201912345R',
    )
    .default('201912345R'),
  PAYNOW_MERCHANT_NAME: z.string().trim().min(1).max(25).default('LIONROCK INSURANCE'),
  PAYNOW_WEBHOOK_SECRET: optionalText,
  SURVEY_SCRIPT_URL: optionalUrl(['https:']),
  ADMIN_USERNAME: optionalText,
  ADMIN_PASSWORD: z
    .string()
    .optional()
    .refine((value) => value === undefined || value === '' || value.length >= 12, {
      message: 'must be at least 12 characters',
    }),
  DEMO_AGENT_PASSWORD: z
    .string()
    .optional()
    .refine((value) => value === undefined || value === '' || value.length >= 12, {
      message: 'must be at least 12 characters',
    }),
  LINK_SIGNING_SECRET: optionalText,
  // Encrypts payment data at rest (claim payouts); the previous keys still open what they sealed.
  DATA_ENCRYPTION_KEY: z
    .string()
    .optional()
    .transform((value) => (value?.trim() ? value.trim() : undefined))
    .pipe(dataKey.optional()),
  DATA_ENCRYPTION_PREVIOUS_KEYS: commaList.pipe(z.array(dataKey)),
  // A remote Prometheus scraper's bearer token; a client on this host needs none (decision 106).
  METRICS_TOKEN: optionalText.refine((value) => value === undefined || value.length >= 32, {
    message: 'must be at least 32 characters',
  }),
  FILE_STORE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: optionalUrl(['https:', 'http:']),
  S3_BUCKET: optionalText,
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  // Test-only (decision 108): a comma list of pause points; refused when APP_ENV=prod.
  TEST_PAUSE_POINTS: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((entry) => entry.trim())
        .filter((entry) => entry !== ''),
    )
    .pipe(z.array(z.enum(PAUSE_POINTS, { message: `must name pause points: ${PAUSE_POINTS.join(', ')}` }))),
});

type TEnv = z.infer<typeof ZEnvSchema>;

export type TCardProfile = {
  gatewayUrl: string;
  profileId: string;
  accessKey: string;
  secretKey: string;
  restUrl: string;
  merchantId: string;
  restKeyId: string;
  restSecret: string;
};

export type TConfig = {
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl: string | undefined;
  /**
   * A direct PostgreSQL connection for the work that needs a session of its own (the change notifier's
   * LISTEN, migrations under their advisory lock) when `databaseUrl` goes through a transaction-mode
   * pooler (decision 094); undefined: everything uses `databaseUrl`.
   */
  databaseDirectUrl: string | undefined;
  dataDir: string;
  appEnv: TEnv['APP_ENV'];
  isProduction: boolean;
  logLevel: TEnv['LOG_LEVEL'];
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Threads that render schedule PDFs and send mail; undefined: the pool's default (decision 093). */
  documentWorkers: number | undefined;
  redisUrl: string | undefined;
  /** The proxies whose X-Forwarded-For is believed (IPs, CIDRs or range names); empty: none. */
  trustedProxies: string[];
  /** Per market; undefined means the built-in test gateway (design section 6). */
  cardProfiles: { SGP: TCardProfile | undefined; HKG: TCardProfile | undefined };
  paynow: { uen: string; merchantName: string; webhookSecret: string | undefined };
  surveyScriptUrl: string | undefined;
  admin: { username: string; password: string } | undefined;
  linkSigningSecret: string | undefined;
  /**
   * The key that encrypts payment data at rest and the earlier keys still read (decision 106);
   * undefined outside prod without DATA_ENCRYPTION_KEY: a key made once in the database.
   */
  dataEncryption: { key: Buffer; previous: Buffer[] } | undefined;
  /** The bearer token a remote scraper sends for /metrics; undefined: only this host reads it. */
  metricsToken: string | undefined;
  /** In `local` only: the demo agents' password at /agent (else one is made and printed at each start). */
  demoAgentPassword: string | undefined;
  /** Claim documents: a folder under DATA_DIR (default) or an S3-compatible bucket (decision 075). */
  fileStore:
    | { kind: 'local' }
    | {
        kind: 's3';
        endpoint: string;
        bucket: string;
        region: string;
        accessKeyId: string;
        secretAccessKey: string;
      };
  /** Test-only pause points (lib/pause-points.ts, decision 108); always empty in `prod`. */
  pausePoints: TPausePoint[];
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and checks the environment; a bad value throws a ConfigError naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): TConfig {
  const parsed = ZEnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const appEnv = e.APP_ENV;
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  const requireInProduction = (name: string, value: string | undefined) => {
    if (appEnv === 'prod' && !value)
      throw new ConfigError(`Invalid configuration:\n  ${name}: is required when APP_ENV=prod`);
  };
  if (appEnv === 'prod' && e.TEST_PAUSE_POINTS.length > 0)
    throw new ConfigError(
      'Invalid configuration:\n  TEST_PAUSE_POINTS: test-only pause points are refused when APP_ENV=prod',
    );
  requireInProduction('DATABASE_URL', e.DATABASE_URL);
  if (e.DATABASE_DIRECT_URL && !e.DATABASE_URL)
    throw new ConfigError(
      'Invalid configuration:\n  DATABASE_DIRECT_URL: needs DATABASE_URL too (DATABASE_URL is the pooled connection through PgBouncer, DATABASE_DIRECT_URL the direct one to PostgreSQL)',
    );
  if (e.DATABASE_DIRECT_URL && e.DATABASE_DIRECT_URL === e.DATABASE_URL)
    throw new ConfigError(
      'Invalid configuration:\n  DATABASE_DIRECT_URL: is the same as DATABASE_URL; set it only when DATABASE_URL goes through a transaction-mode pooler such as PgBouncer, to the PostgreSQL server itself',
    );
  requireInProduction('SMTP_URL', e.SMTP_URL);
  requireInProduction('PAYNOW_WEBHOOK_SECRET', e.PAYNOW_WEBHOOK_SECRET);
  requireInProduction('LINK_SIGNING_SECRET', e.LINK_SIGNING_SECRET);
  requireInProduction('DATA_ENCRYPTION_KEY', e.DATA_ENCRYPTION_KEY);
  if (e.DATA_ENCRYPTION_PREVIOUS_KEYS.length > 0 && !e.DATA_ENCRYPTION_KEY)
    throw new ConfigError(
      'Invalid configuration:\n  DATA_ENCRYPTION_PREVIOUS_KEYS: needs DATA_ENCRYPTION_KEY, the key that seals from now on',
    );

  const card = (market: 'SGP' | 'HKG'): TCardProfile | undefined => {
    const names = [
      'CARD_GATEWAY_URL',
      'CARD_PROFILE_ID',
      'CARD_ACCESS_KEY',
      'CARD_SECRET_KEY',
      'CARD_REST_URL',
      'CARD_MERCHANT_ID',
      'CARD_REST_KEY_ID',
      'CARD_REST_SECRET',
    ].map((prefix) => `${prefix}_${market}`);
    const values = names.map((name) => (e as Record<string, unknown>)[name] as string | undefined);
    const given = values.filter((value) => value !== undefined).length;
    if (given === 0) {
      requireInProduction(names[0]!, undefined);
      return undefined;
    }
    if (given < names.length) {
      const missing = names.filter((_, index) => values[index] === undefined);
      throw new ConfigError(
        `Invalid configuration:\n  ${missing.join(', ')}: required when any CARD_*_${market} is set`,
      );
    }
    const [gatewayUrl, profileId, accessKey, secretKey, restUrl, merchantId, restKeyId, restSecret] =
      values as string[] as [string, string, string, string, string, string, string, string];
    return { gatewayUrl, profileId, accessKey, secretKey, restUrl, merchantId, restKeyId, restSecret };
  };

  if ((e.ADMIN_USERNAME && !e.ADMIN_PASSWORD) || (!e.ADMIN_USERNAME && e.ADMIN_PASSWORD)) {
    throw new ConfigError('Invalid configuration:\n  ADMIN_USERNAME, ADMIN_PASSWORD: set both or neither');
  }

  let fileStore: TConfig['fileStore'] = { kind: 'local' };
  if (e.FILE_STORE === 's3') {
    const s3 = {
      S3_ENDPOINT: e.S3_ENDPOINT,
      S3_BUCKET: e.S3_BUCKET,
      S3_REGION: e.S3_REGION,
      S3_ACCESS_KEY_ID: e.S3_ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: e.S3_SECRET_ACCESS_KEY,
    };
    const missing = Object.entries(s3)
      .filter(([, value]) => !value)
      .map(([name]) => name);
    if (missing.length > 0)
      throw new ConfigError(`Invalid configuration:\n  ${missing.join(', ')}: required when FILE_STORE=s3`);
    fileStore = {
      kind: 's3',
      endpoint: s3.S3_ENDPOINT!,
      bucket: s3.S3_BUCKET!,
      region: s3.S3_REGION!,
      accessKeyId: s3.S3_ACCESS_KEY_ID!,
      secretAccessKey: s3.S3_SECRET_ACCESS_KEY!,
    };
  }

  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: publicUrl.replace(/\/+$/, ''),
    databaseUrl: e.DATABASE_URL,
    databaseDirectUrl: e.DATABASE_DIRECT_URL,
    // npm runs workspace scripts inside the workspace; a relative DATA_DIR means relative to where npm was run.
    dataDir: path.resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR),
    appEnv,
    isProduction: appEnv === 'prod',
    logLevel: e.LOG_LEVEL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    documentWorkers: e.DOCUMENT_WORKERS,
    redisUrl: e.REDIS_URL,
    trustedProxies: e.TRUSTED_PROXIES,
    cardProfiles: { SGP: card('SGP'), HKG: card('HKG') },
    paynow: {
      uen: e.PAYNOW_UEN,
      merchantName: e.PAYNOW_MERCHANT_NAME,
      webhookSecret: e.PAYNOW_WEBHOOK_SECRET,
    },
    surveyScriptUrl: e.SURVEY_SCRIPT_URL,
    admin:
      e.ADMIN_USERNAME && e.ADMIN_PASSWORD
        ? { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD }
        : undefined,
    linkSigningSecret: e.LINK_SIGNING_SECRET,
    metricsToken: e.METRICS_TOKEN,
    dataEncryption: e.DATA_ENCRYPTION_KEY
      ? { key: decodeKey(e.DATA_ENCRYPTION_KEY), previous: e.DATA_ENCRYPTION_PREVIOUS_KEYS.map(decodeKey) }
      : undefined,
    /** In `local` only: the demo agents' password (else a new one is made and printed at each start). */
    demoAgentPassword: e.DEMO_AGENT_PASSWORD || undefined,
    fileStore,
    pausePoints: e.TEST_PAUSE_POINTS,
  };
}
