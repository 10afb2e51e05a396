import {
  ACCESS_CODE_DIGITS,
  ACCESS_CODE_MAX_TRIES,
  ACCESS_CODE_VALID_MINUTES,
  EMAIL_UNDO_VALID_DAYS,
  HOLDER_SESSION_IDLE_MINUTES,
  MANAGE_LINK_VALID_HOURS,
} from '../self-service/access-rules.ts';
import { SHORT_PERIOD_ADMIN_CHARGE_PERCENT } from '../self-service/cancellation-rules.ts';

/**
 * The values the after-sale pages' texts name (my policy, claims; decisions 050 and 066), kept apart
 * from MESSAGE_VALUES so the landing, which fills every other text, does not carry their rules: the
 * after-sale pages add them when they load (apps/web/src/app/after-sale-routes.tsx).
 */
export const SERVICE_MESSAGE_VALUES = {
  shortPeriodChargePercent: SHORT_PERIOD_ADMIN_CHARGE_PERCENT,
  accessCodeDigits: ACCESS_CODE_DIGITS,
  accessCodeValidMinutes: ACCESS_CODE_VALID_MINUTES,
  accessCodeMaxTries: ACCESS_CODE_MAX_TRIES,
  manageLinkValidHours: MANAGE_LINK_VALID_HOURS,
  emailUndoValidDays: EMAIL_UNDO_VALID_DAYS,
  holderSessionIdleMinutes: HOLDER_SESSION_IDLE_MINUTES,
} as const;

export type TServiceMessageValueName = keyof typeof SERVICE_MESSAGE_VALUES;
