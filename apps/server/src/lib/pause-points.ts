import fs from 'node:fs';

/**
 * Test-only pause points (decision 108): named places in the money path where a server started with
 * `TEST_PAUSE_POINTS` writes one line to stderr and then waits forever, so a test can SIGKILL it exactly
 * there and prove what the restarted shop makes of what it left. The configuration refuses the variable
 * when `APP_ENV=prod`, and there the points are the no-op constant `NO_PAUSES`.
 */
export const PAUSE_POINTS = [
  // The gateway has answered (a paid answer also confirmed server to server); the shop has recorded nothing.
  'card-answer-before-record',
  // The bank's signed PayNow credit is verified; nothing of it is stored.
  'paynow-credit-before-record',
  // A payment is recorded paid (card, PayNow, a lookup, operations); its policy is not issued yet.
  'paid-before-issue',
] as const;

export type TPausePoint = (typeof PAUSE_POINTS)[number];

/** Reaches a point: resolves at once unless the point is armed, then never. `subject` names the payment. */
export type TPausePoints = (point: TPausePoint, subject: string) => Promise<void>;

const passed = Promise.resolve();

export const NO_PAUSES: TPausePoints = () => passed;

/** The line a paused server writes: what a test waits for before it kills the process. */
export function pauseLine(point: TPausePoint, subject: string): string {
  return `lionrock test pause point reached: ${point} ${subject}`;
}

export function createPausePoints(
  config: { isProduction: boolean; pausePoints: readonly TPausePoint[] },
  // Synchronous, so the line is out before the wait begins.
  write: (line: string) => void = (line) => fs.writeSync(2, line),
): TPausePoints {
  if (config.isProduction || config.pausePoints.length === 0) return NO_PAUSES;
  const armed = new Set(config.pausePoints);
  return (point, subject) => {
    if (!armed.has(point)) return passed;
    write(`${pauseLine(point, subject)}\n`);
    return new Promise<never>(() => {});
  };
}
