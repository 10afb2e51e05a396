import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

/** A valid 32-byte data encryption key, in base64. */
const KEY = Buffer.alloc(32, 7).toString('base64');
/** What APP_ENV=prod requires before the link signing secret, in the order it asks for them. */
const PROD_MAIL = {
  APP_ENV: 'prod',
  DATABASE_URL: 'postgres://db/x',
  SMTP_URL: 'smtp://mail',
  PAYNOW_WEBHOOK_SECRET: 's',
};

describe('loadConfig', () => {
  it('gives working defaults for a fresh clone', () => {
    const config = loadConfig({ INIT_CWD: '/repo' });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.databaseDirectUrl).toBeUndefined();
    expect(config.dataDir).toBe(path.resolve('/repo', '.data'));
    expect(config.appEnv).toBe('local');
    expect(config.isProduction).toBe(false);
    expect(config.cardProfiles).toEqual({ SGP: undefined, HKG: undefined });
    expect(config.publicUrl).toBe('http://localhost:3000');
    // No proxy is trusted until one is named: X-Forwarded-For is the client's own word.
    expect(config.trustedProxies).toEqual([]);
  });

  it('reads the trusted proxies as addresses, ranges and range names', () => {
    expect(
      loadConfig({ TRUSTED_PROXIES: ' 10.0.0.1, 10.1.0.0/16 ,fd00::/8,::1,loopback,' }).trustedProxies,
    ).toEqual(['10.0.0.1', '10.1.0.0/16', 'fd00::/8', '::1', 'loopback']);
  });

  it('reads every variable it is given', () => {
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: '/var/lib/lionrock',
      DATABASE_URL: 'postgres://u@db/lionrock',
      APP_ENV: 'uat',
      PUBLIC_URL: 'https://uat.lionrock.example/',
      CARD_GATEWAY_URL_SGP: 'https://testsecureacceptance.example/silent/pay',
      CARD_PROFILE_ID_SGP: 'P1',
      CARD_ACCESS_KEY_SGP: 'A1',
      CARD_SECRET_KEY_SGP: 'S1',
      CARD_REST_URL_SGP: 'https://apitest.cybersource.com',
      CARD_MERCHANT_ID_SGP: 'M1',
      CARD_REST_KEY_ID_SGP: 'K1',
      CARD_REST_SECRET_SGP: 'UzE=',
      ADMIN_USERNAME: 'ops',
      ADMIN_PASSWORD: 'correct horse battery',
    });
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe('/var/lib/lionrock');
    expect(config.publicUrl).toBe('https://uat.lionrock.example');
    expect(config.cardProfiles.SGP).toEqual({
      gatewayUrl: 'https://testsecureacceptance.example/silent/pay',
      profileId: 'P1',
      accessKey: 'A1',
      secretKey: 'S1',
      restUrl: 'https://apitest.cybersource.com',
      merchantId: 'M1',
      restKeyId: 'K1',
      restSecret: 'UzE=',
    });
    expect(config.cardProfiles.HKG).toBeUndefined();
    expect(config.admin).toEqual({ username: 'ops', password: 'correct horse battery' });
  });

  it('reads a pooled DATABASE_URL with the direct DATABASE_DIRECT_URL beside it (decision 094)', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://app@pgbouncer:6432/lionrock',
      DATABASE_DIRECT_URL: 'postgres://app@db:5432/lionrock',
    });
    expect(config.databaseUrl).toBe('postgres://app@pgbouncer:6432/lionrock');
    expect(config.databaseDirectUrl).toBe('postgres://app@db:5432/lionrock');
    // A plain DATABASE_URL, or an empty direct one, leaves everything on DATABASE_URL.
    expect(loadConfig({ DATABASE_URL: 'postgres://db/x', DATABASE_DIRECT_URL: '' }).databaseDirectUrl).toBe(
      undefined,
    );
  });

  it.each([
    [{ DATABASE_DIRECT_URL: 'postgres://db:5432/x' }, 'DATABASE_DIRECT_URL: needs DATABASE_URL'],
    [
      { DATABASE_URL: 'postgres://db:5432/x', DATABASE_DIRECT_URL: 'postgres://db:5432/x' },
      'DATABASE_DIRECT_URL: is the same as DATABASE_URL',
    ],
    [{ DATABASE_URL: 'postgres://db/x', DATABASE_DIRECT_URL: 'mysql://db/x' }, 'DATABASE_DIRECT_URL'],
  ])('refuses the direct connection in %j with "%s"', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL'],
    [{ APP_ENV: 'staging' }, 'APP_ENV'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ SURVEY_SCRIPT_URL: 'http://survey.example/s.js' }, 'SURVEY_SCRIPT_URL'],
    [{ PAYNOW_UEN: 'bad uen!' }, 'PAYNOW_UEN'],
    [{ PAYNOW_UEN: '201912345K' }, 'PAYNOW_UEN'],
    [{ PAYNOW_MERCHANT_NAME: 'x'.repeat(26) }, 'PAYNOW_MERCHANT_NAME'],
    [{ CARD_GATEWAY_URL_HKG: 'ftp://gw' }, 'CARD_GATEWAY_URL_HKG'],
    [{ CARD_PROFILE_ID_SGP: 'P1' }, 'CARD_GATEWAY_URL_SGP'],
    [
      {
        CARD_GATEWAY_URL_SGP: 'https://testsecureacceptance.example/silent/pay',
        CARD_PROFILE_ID_SGP: 'P1',
        CARD_ACCESS_KEY_SGP: 'A1',
        CARD_SECRET_KEY_SGP: 'S1',
      },
      'CARD_REST_URL_SGP',
    ],
    [{ ADMIN_USERNAME: 'ops' }, 'ADMIN_PASSWORD'],
    [{ TRUSTED_PROXIES: 'proxy.internal' }, 'TRUSTED_PROXIES'],
    [{ TRUSTED_PROXIES: '10.0.0.1,10.0.0.300' }, 'TRUSTED_PROXIES'],
    [{ TRUSTED_PROXIES: '10.0.0.0/33' }, 'TRUSTED_PROXIES'],
    [{ TRUSTED_PROXIES: '10.0.0.0/8/8' }, 'TRUSTED_PROXIES'],
    [{ TRUSTED_PROXIES: 'fd00::/129' }, 'TRUSTED_PROXIES'],
    [{ TRUSTED_PROXIES: 'true' }, 'TRUSTED_PROXIES'],
    [{ ADMIN_USERNAME: 'ops', ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD'],
    [{ APP_ENV: 'prod' }, 'DATABASE_URL'],
    [{ APP_ENV: 'prod', DATABASE_URL: 'postgres://db/x' }, 'SMTP_URL'],
    [PROD_MAIL, 'LINK_SIGNING_SECRET'],
    [{ ...PROD_MAIL, LINK_SIGNING_SECRET: 'l' }, 'DATA_ENCRYPTION_KEY'],
    [{ ...PROD_MAIL, LINK_SIGNING_SECRET: 'l', DATA_ENCRYPTION_KEY: KEY }, 'CARD_GATEWAY_URL_SGP'],
    [{ DATA_ENCRYPTION_KEY: 'not-a-key' }, 'DATA_ENCRYPTION_KEY'],
    [{ DATA_ENCRYPTION_KEY: Buffer.alloc(31, 7).toString('base64') }, 'DATA_ENCRYPTION_KEY'],
    [{ DATA_ENCRYPTION_KEY: `${KEY.slice(0, -2)}!=` }, 'DATA_ENCRYPTION_KEY'],
    [{ DATA_ENCRYPTION_PREVIOUS_KEYS: KEY }, 'DATA_ENCRYPTION_PREVIOUS_KEYS'],
    [{ DATA_ENCRYPTION_KEY: KEY, DATA_ENCRYPTION_PREVIOUS_KEYS: 'x,y' }, 'DATA_ENCRYPTION_PREVIOUS_KEYS'],
  ])('refuses %j naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(variable);
  });
});

describe('test-only pause points (decision 108)', () => {
  /** Everything `prod` requires, so a refusal can only be the pause points'. */
  const PROD: Record<string, string> = {
    ...PROD_MAIL,
    LINK_SIGNING_SECRET: 'l',
    DATA_ENCRYPTION_KEY: KEY,
    ...Object.fromEntries(
      ['SGP', 'HKG'].flatMap((market) =>
        [
          ['CARD_GATEWAY_URL', 'https://secureacceptance.example/silent/pay'],
          ['CARD_PROFILE_ID', 'P'],
          ['CARD_ACCESS_KEY', 'A'],
          ['CARD_SECRET_KEY', 'S'],
          ['CARD_REST_URL', 'https://api.cybersource.com'],
          ['CARD_MERCHANT_ID', 'M'],
          ['CARD_REST_KEY_ID', 'K'],
          ['CARD_REST_SECRET', 'UzE='],
        ].map(([name, value]) => [`${name}_${market}`, value!]),
      ),
    ),
  };

  it('reads a list of known points outside prod, and none when unset', () => {
    expect(loadConfig({}).pausePoints).toEqual([]);
    expect(
      loadConfig({ APP_ENV: 'uat', TEST_PAUSE_POINTS: ' card-answer-before-record, paid-before-issue,' })
        .pausePoints,
    ).toEqual(['card-answer-before-record', 'paid-before-issue']);
  });

  it('refuses a point it does not know, naming the variable', () => {
    expect(() => loadConfig({ TEST_PAUSE_POINTS: 'card-answer-before-recrod' })).toThrow(/TEST_PAUSE_POINTS/);
  });

  it('refuses any pause point when APP_ENV=prod, naming the variable', () => {
    expect(loadConfig(PROD)).toMatchObject({ isProduction: true, pausePoints: [] });
    expect(loadConfig({ ...PROD, TEST_PAUSE_POINTS: '' }).pausePoints).toEqual([]);
    for (const points of ['paid-before-issue', 'card-answer-before-record,paynow-credit-before-record']) {
      expect(() => loadConfig({ ...PROD, TEST_PAUSE_POINTS: points })).toThrow(ConfigError);
      expect(() => loadConfig({ ...PROD, TEST_PAUSE_POINTS: points })).toThrow(
        'TEST_PAUSE_POINTS: test-only pause points are refused when APP_ENV=prod',
      );
    }
  });
});

describe('the data encryption key (decision 106)', () => {
  it('reads a 32-byte key in either base64 alphabet, and the previous keys beside it', () => {
    const key = Buffer.alloc(32, 0xfb);
    const config = loadConfig({
      DATA_ENCRYPTION_KEY: key.toString('base64'),
      DATA_ENCRYPTION_PREVIOUS_KEYS: ` ${Buffer.alloc(32, 1).toString('base64url')} , ${Buffer.alloc(32, 2).toString('base64')}`,
    });
    expect(config.dataEncryption?.key.equals(key)).toBe(true);
    expect(config.dataEncryption?.previous.map((previous) => previous[0])).toEqual([1, 2]);
    expect(
      loadConfig({ DATA_ENCRYPTION_KEY: key.toString('base64url') }).dataEncryption?.key.equals(key),
    ).toBe(true);
    expect(loadConfig({}).dataEncryption).toBeUndefined();
  });
});
