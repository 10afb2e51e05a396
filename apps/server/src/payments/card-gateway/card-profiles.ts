import type { TCountry } from '@lionrock/domain/market/market';
import type { TCardProfile, TConfig } from '../../config.ts';
import type { TDb } from '../../db/database.ts';
import { sharedSecret } from '../../lib/server-secrets.ts';

/** The path the built-in test gateway answers on (design section 6). */
export const TEST_GATEWAY_PATH = '/gateway/silent/pay';
/** The base of the test gateway's REST lookup (test-gateway-lookup.ts). */
export const TEST_GATEWAY_REST_PATH = '/gateway';
export const RECEIPT_PATH = '/b2c-server/rest/payment/receipt';

/** A market's merchant profile: the configured one (with the REST key that confirms transactions, design section 11) or the test gateway's. */
export type TMerchantProfile = TCardProfile & { country: TCountry; isTestGateway: boolean };

/**
 * One merchant profile per market (`CARD_*_SGP`, `CARD_*_HKG`); a market without one uses the
 * built-in test gateway, whose keys are made once in the database and shared by every instance.
 */
export async function merchantProfile(
  config: TConfig,
  db: TDb,
  country: TCountry,
): Promise<TMerchantProfile> {
  const configured = config.cardProfiles[country];
  if (configured) return { country, ...configured, isTestGateway: false };
  const profileId = `LIONROCK-TEST-${country}`;
  const accessKey = `test-access-${country.toLowerCase()}`;
  return {
    country,
    gatewayUrl: `${config.publicUrl}${TEST_GATEWAY_PATH}`,
    profileId,
    accessKey,
    secretKey: await sharedSecret(db, `test-gateway-${country}`),
    restUrl: `${config.publicUrl}${TEST_GATEWAY_REST_PATH}`,
    merchantId: profileId,
    restKeyId: accessKey,
    restSecret: await sharedSecret(db, `test-gateway-rest-${country}`),
    isTestGateway: true,
  };
}

/** Whether any market is on the test gateway (then it is mounted). */
export function usesTestGateway(config: TConfig): boolean {
  return !config.cardProfiles.SGP || !config.cardProfiles.HKG;
}
