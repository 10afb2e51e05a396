import { randomUUID } from 'node:crypto';
import { localDate } from '@lionrock/domain/dates/local-date';
import { buildHomePolicy, buildPaPolicy, buildTravelPolicy } from '@lionrock/domain/schemas/fixtures';
import type { TPolicy } from '@lionrock/domain/schemas/policy-schema';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { verifyGatewayAnswer } from '../../payments/card-gateway/gateway-answer.ts';
import { buildDataToSign, signFields, verifySignature } from '../../payments/card-gateway/signature.ts';
import { cardRequestFields, makeReference } from './card-payment-service.ts';

const SECRET = 'f1e2d3c4b5a6978877665544332211000112233445566778899aabbccddeeff0';
const PROFILE = { accessKey: 'test-access-sgp', profileId: 'LIONROCK-TEST-SGP', secretKey: SECRET };
const NOW = new Date('2026-11-23T02:00:00Z');

/** What a customer can type: letters, spaces, the separators and control characters, and whole injected pairs. */
const typed = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        ',',
        '=',
        '\n',
        '\r',
        '\t',
        '\u0000',
        '\u0085',
        '\u2028',
        ' ',
        'A',
        'z',
        '7',
        '王',
        '#',
      ),
      fc.constantFrom(
        ',decision=ACCEPT',
        ',reason_code=100',
        ',req_amount=0.01',
        ',signed_field_names=decision,reason_code,signed_field_names',
        'req_reference_number=TSG-261123-AAAAAAAA,',
        ',x y=',
      ),
    ),
    { maxLength: 30 },
  )
  .map((parts) => parts.join('').slice(0, 100));

function policyTyped(input: {
  name: string;
  address1: string;
  address2: string;
  city: string;
  postCode: string;
  email: string;
  mobile: string;
}): TPolicy {
  const policy = buildTravelPolicy(localDate(2026, 11, 23)) as TPolicy;
  const applicant = policy.policyTravel!.applicant!;
  applicant.fullName = input.name.slice(0, 50);
  applicant.applicantAddress1 = input.address1;
  applicant.applicantAddress2 = input.address2;
  applicant.applicantAreaDesc = input.city;
  applicant.applicantPostCode = input.postCode.slice(0, 10);
  applicant.email = input.email;
  applicant.mobileNo = input.mobile.slice(0, 20);
  policy.payment = { ...policy.payment, paymentCreditCardName: input.name.slice(0, 50) };
  return policy;
}

describe('the card request the shop signs', () => {
  it('has no separator but its own, whatever the customer typed, so no receipt can be made of it', () => {
    fc.assert(
      fc.property(
        fc.record({
          name: typed,
          address1: typed,
          address2: typed,
          city: typed,
          postCode: typed,
          email: typed,
          mobile: typed,
        }),
        (input) => {
          const started = {
            referenceNumber: 'TSG-261123-BBBBBBBB',
            transactionUuid: randomUUID(),
            amountCents: 4550,
            autoRenewal: false,
          };
          const fields = cardRequestFields(policyTyped(input), started, PROFILE, {
            now: NOW,
            origin: 'http://localhost:3000',
          });
          // Signing never throws: what was typed was made signable.
          const signature = signFields(fields, SECRET);
          // Every place where a field could begin (",name=") is a boundary the shop made.
          const text = buildDataToSign(fields);
          const starts = [...text.matchAll(/,[a-z][a-z0-9_]*=/g)].length;
          expect(starts).toBe(fields.signed_field_names!.split(',').length - 1);
          // Any other reading of the string joins pairs, so some value holds "=": never verified.
          const names = fields.signed_field_names!.split(',');
          for (let drop = 1; drop < names.length; drop += 1) {
            const joined = names.filter((_, index) => index !== drop);
            const merged: Record<string, string> = { ...fields };
            merged[names[drop - 1]!] = `${fields[names[drop - 1]!]},${names[drop]}=${fields[names[drop]!]}`;
            merged.signed_field_names = joined.join(',');
            expect(verifySignature({ ...merged, signature }, SECRET)).toBe(false);
          }
          // And as it is, it is a request, not an answer: no policy's receipt.
          const asReceipt = verifyGatewayAnswer(
            { ...fields, signature },
            {
              profile: PROFILE,
              referenceNumber: started.referenceNumber,
              amountCents: started.amountCents,
              currency: 'SGD',
              transactionUuid: started.transactionUuid,
            },
          );
          expect(asReceipt.ok).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('makeReference', () => {
  it('carries the market’s date, not UTC’s', () => {
    const policy = buildTravelPolicy(localDate(2026, 11, 23)) as TPolicy;
    // 23:30 UTC on the 23rd is 07:30 on the 24th in Singapore and Hong Kong.
    const late = new Date('2026-11-23T23:30:00Z');
    expect(makeReference(policy, late)).toMatch(/^TSG-261124-[A-Z2-9]{8}$/);
    expect(makeReference({ ...policy, country: 'HKG' }, late)).toMatch(/^THK-261124-[A-Z2-9]{8}$/);
    // 15:59 UTC is still the 23rd there; 16:00 UTC is the 24th.
    expect(makeReference(policy, new Date('2026-11-23T15:59:00Z'))).toMatch(/^TSG-261123-/);
    expect(makeReference(policy, new Date('2026-11-23T16:00:00Z'))).toMatch(/^TSG-261124-/);
  });

  it('starts with the product’s letter, as its policy number will (decision 047)', () => {
    const now = new Date('2026-11-23T02:00:00Z');
    const pa = buildPaPolicy(localDate(2026, 11, 23)) as TPolicy;
    const home = buildHomePolicy(localDate(2026, 11, 23)) as TPolicy;
    expect(makeReference(pa, now)).toMatch(/^ASG-261123-[A-Z2-9]{8}$/);
    expect(makeReference({ ...home, country: 'HKG' }, now)).toMatch(/^HHK-261123-[A-Z2-9]{8}$/);
  });
});
