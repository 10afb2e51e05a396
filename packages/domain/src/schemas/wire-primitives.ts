import { z } from 'zod';

/**
 * Building blocks of the wire format (travel-flow section 3). Lengths follow travel-flow section 9;
 * dates are DD/MM/YYYY strings (their calendar validity is a rule, checked by the domain's validators).
 */
export const text = (max: number) => z.string().max(max, `must be at most ${max} characters`);
export const optionalText = (max: number) => text(max).optional();
export const ZDmySchema = z.string().regex(/^(\d{2}\/\d{2}\/\d{4})?$/, 'must be a date as DD/MM/YYYY');
export const ZYesNoFlagSchema = z.enum(['true', 'false']);
export const ZCountrySchema = z.enum(['SGP', 'HKG'], { message: 'must be SGP or HKG' });
export const ZProductTypeSchema = z.enum(['PTR', 'PAN', 'PHM'], { message: 'must be PTR, PAN or PHM' });
export const ZIdTypeSchema = z.enum(['NRIC', 'HKID', 'PASSPORT'], {
  message: 'must be NRIC, HKID or PASSPORT',
});

/** An amount on the wire: a decimal number of dollars with at most two places, e.g. 45.5 for 45.50. */
export const ZWireAmountSchema = z
  .number()
  .finite()
  .nonnegative()
  .max(100_000_000)
  .refine(
    (value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6,
    'must have at most two decimals',
  );

export const ZCountSchema = z.number().int().nonnegative().max(99);

export { centsToWire, wireToCents } from './wire-amounts.ts';
