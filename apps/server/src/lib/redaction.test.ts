import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import {
  describeError,
  isSensitiveKey,
  redactLogObject,
  redactObject,
  sanitisedError,
  scrubText,
} from './redaction.ts';

describe('log redaction', () => {
  it('scrubs personal data inside free text', () => {
    expect(
      scrubText(
        'S1234567D, f1234567n, A123456(3), AB987654 (1), jane@x.example, 4111 1111 1111 1111, 98765432',
      ),
    ).toBe('[nric], [nric], [hkid], [hkid], [email], [card], [number]');
    expect(scrubText('card_cvn=123 and cvv: 9876')).toBe('card_cvn=[cvv] and cvv=[cvv]');
    expect(scrubText('policy TSG26-0001234 for S$45.50')).toBe('policy TSG26-0001234 for S$45.50');
    expect(scrubText('K9876545 and job e1234567-6170-461c-b326-31019b2f8f62')).toBe(
      '[hkid] and job e1234567-6170-461c-b326-31019b2f8f62',
    );
    expect(scrubText('job 81234567-1234-5678-9012-310192345678 createdAt=2026-11-23T02:00:00.000Z')).toBe(
      'job 81234567-1234-5678-9012-310192345678 createdAt=2026-11-23T02:00:00.000Z',
    );
  });

  it('scrubs each kind alone: the guards that skip scans a text cannot need skip none it needs', () => {
    // A text with no digit, or no "@", skips the scans that need one (issue 19): each kind is sent
    // with nothing else, so a guard on the wrong character leaves it in the clear.
    for (const [sent, hidden] of [
      ['mail jane.doe@example.com', 'jane.doe'],
      ['fullName=TAN AH KOW', 'TAN AH KOW'],
      ['S1234567D', 'S1234567D'],
      ['A123456(3)', 'A123456'],
      ['4111111111111111', '4111'],
      ['9123 4567', '9123'],
      ['12345678', '12345678'],
      ['cvv 123', '123'],
      ['dob 01/02/1990', '1990'],
      ['01/02/1990', '1990'],
      ['1990年2月1日', '1990'],
      ['1 February 1990', '1990'],
    ] as const) {
      expect(scrubText(sent), sent).not.toContain(hidden);
    }
    expect(scrubText('/b2c-server/rest/system/getBanners?country=SGP&product=PTR')).toBe(
      '/b2c-server/rest/system/getBanners?country=SGP&product=PTR',
    );
  });

  it('decodes percent-encoding and escapes before scrubbing, so nothing hides in a URL or a JSON text', () => {
    for (const [sent, hidden] of [
      ['email=canary.person%40example.com', 'canary.person'],
      ['email=canary.person%2540example.com', 'canary.person'],
      ['mail canary.person\\u0040example.com', 'canary.person'],
      ['card=4111%201111%201111%201111', '1111'],
      ['card=4111+1111+1111+1111', '1111'],
      ['card=4111-1111-1111-1111 exp', '1111'],
      ['id=%22S1234567D%22', 'S1234567D'],
      ['{\\u0022id\\u0022:\\u0022S1234567D\\u0022}', 'S1234567D'],
      ['hk=%22A123456(3)%22', 'A123456'],
      ['{"nric":"S1234567D"}', 'S1234567D'],
      ["id 's1234567d'", 's1234567d'],
      ['mobile +65 9123 4567', '9123'],
      ['call 9123-4567', '9123'],
      ['fullName=TAN%20AH%20KOW&x=1', 'TAN AH KOW'],
      ['{"fullName":"TAN AH KOW","age":40}', 'TAN AH KOW'],
      ['card holder name: TAN AH KOW', 'TAN AH KOW'],
      ['address1=1%20Raffles%20Place', 'Raffles'],
      ['bad %E0%A4%A escape then S1234567D', 'S1234567D'],
      ['mail canary.person&#64;example.com', 'canary.person'],
      ['mail canary.person&#x40;example.com', 'canary.person'],
      ['card 4111.1111.1111.1111', '1111'],
      ['amex 3782 822463 10005', '822463'],
    ] as const) {
      expect(scrubText(sent), sent).not.toContain(hidden);
    }
  });

  it('scrubs a CVV written in free text under any of its names', () => {
    for (const sent of [
      'cvv 123',
      'CVV: 123',
      'cvv2=1234',
      'cvc 123',
      'CVC2: 123',
      'card_cvn=123',
      'req_card_cvn=123',
      'security code: 123',
      'securityCode=123',
      'card security code is 123',
      'card verification value 123',
      '{"cvc":"123"}',
      '{"securityCode": 123}',
      'csc #123',
    ]) {
      expect(scrubText(sent), sent).not.toMatch(/123/);
    }
  });

  it('scrubs a date of birth beside its label, in any format', () => {
    for (const sent of [
      'dob: 15/06/1985',
      'DOB=1985-06-15',
      '"dateOfBirth":"15/06/1985"',
      'date_of_birth=15.06.1985',
      'date of birth 15 June 1985',
      'birthDate: June 15, 1985',
      'birthday 15/06/1985',
      'dateOfBirth%3D15%2F06%2F1985',
      'dob 15061985',
      'date of birth was on 15/06/1985',
    ]) {
      expect(scrubText(sent), sent).not.toMatch(/1985/);
    }
  });

  it('scrubs a date in every format a client sends, labelled or not (decision 107)', () => {
    // 9 July 1958 as the pages, the wire, a Date's JSON, a form library and the Chinese pages write it.
    for (const sent of [
      '09/07/1958',
      '9/7/1958',
      '1958-07-09',
      '09-07-1958',
      '09.07.1958',
      '1958/07/09',
      '1958.07.09',
      '1958-07-08T16:00:00.000Z',
      '1958-07-09T00:00:00+08:00',
      '1958-07-09 00:00',
      '9 July 1958',
      '9th Jul 1958',
      'July 9, 1958',
      'Jul 9 1958',
      '1958年7月9日',
      '1958 年 7 月 9 日',
      'error shown: 09/07/1958 is not allowed',
      '{"traveller":"09/07/1958"}',
      '{"insuredDateOfBirth":"09/07/1958"}',
      'travellerDob: 09.07.1958',
      'insured_dob=1958-07-09',
      'birthDate=09071958',
      'DOB: 19580709',
      'Birth Date: 09071958',
      'born 9 July 1958',
      '/nothing/1958-07-09/x',
      'd=09%2F07%2F1958',
    ]) {
      expect(scrubText(sent), sent).not.toMatch(/1958|0907|9\/7|July 9|9 July/);
    }
  });

  it('keeps a date under a name the shop gives its own operational dates, never one named for a birth', () => {
    // A trip's dates, a report's range and a record's times tell operations what happened (decision 107).
    for (const kept of [
      'deptDate=07/12/2026',
      'policyTravel.deptDate: 07/12/2026',
      '{"returnDate":"14/12/2026","effectiveDate":"2026-12-07"}',
      '/back-office/api/admin/dashboard?from=2026-01-01&to=2026-01-31',
      'createdAt=2026-11-23T02:00:00.000Z',
      'startDate: 1 December 2026',
    ])
      expect(scrubText(kept), kept).toBe(kept);
    // The name must be the value's own: a birth date under a name that merely ends like one is not kept.
    for (const sent of [
      'insuredDeptDate=09/07/1958',
      'deptDate 09/07/1958',
      'changed from 09/07/1958',
      'dateOfBirth=09/07/1958&deptDate=07/12/2026',
    ])
      expect(scrubText(sent), sent).not.toContain('1958');
    expect(scrubText('dateOfBirth=09/07/1958&deptDate=07/12/2026')).toContain('deptDate=07/12/2026');
    // Numbers that are not dates stay: money, versions, addresses, policy numbers.
    for (const kept of ['S$45.50', 'rates 2026.9-test', '10.0.0.1', 'TSG26-0001234', 'HK$1,000.00'])
      expect(scrubText(kept), kept).toBe(kept);
  });

  it('scrubs dates inside stored objects by value shape, keeping those under operational keys', () => {
    const redacted = redactObject({
      note: '09/07/1958',
      list: ['1958-07-09', { value: '09.07.1958' }],
      when: new Date(Date.UTC(1958, 6, 8, 16)),
      deptDate: '07/12/2026',
      createdAt: '2026-11-23T02:00:00.000Z',
      at: new Date(Date.UTC(2026, 10, 23, 2)),
      BIRTH_DATE: '1958-07-09',
      Dob: 19580709,
      birthday: '9 July 1958',
      deptDateNote: 'mail jane@x.example on 07/12/2026',
    });
    expect(JSON.stringify(redacted)).not.toMatch(/1958|19580709|jane@/);
    expect(redacted).toMatchObject({
      note: '[date]',
      list: ['[date]', { value: '[date]' }],
      when: '[date]',
      deptDate: '07/12/2026',
      createdAt: '2026-11-23T02:00:00.000Z',
      at: new Date(Date.UTC(2026, 10, 23, 2)),
      BIRTH_DATE: '[redacted]',
      Dob: '[redacted]',
    });
  });

  it('replaces a field whole by what its name says, whatever the spelling', () => {
    for (const key of [
      'dateOfBirth',
      'date_of_birth',
      'DOB',
      'birthDate',
      'birth-date',
      'cvc',
      'securityCode',
      'card_cvn',
      'cvv2',
      'Security Code',
      'customerCvv',
      'req_bill_to_forename',
      'req_bill_to_email',
      'cardHolderName',
      'name',
      'fullName',
      'address1',
      'sessionName',
      'Session-Name',
      'session_name',
      'hkId',
      'paymentToken',
      'policy',
      'document',
      'params',
    ]) {
      expect(isSensitiveKey(key), key).toBe(true);
    }
    for (const key of ['policyId', 'planName', 'status', 'referenceNumber', 'deptDate', 'code', 'step']) {
      expect(isSensitiveKey(key), key).toBe(false);
    }
    const redacted = redactObject({
      traveller: { dateOfBirth: '15/06/1985', dob: '1985-06-15', birthDate: 'x', note: 'fine' },
      card: { cvc: '123', securityCode: 123, card_cvn: '737', cvv2: '1234' },
      S1234567D: 'a key that is personal data',
      mobile: 91234567,
      contact: { value: 91234567 },
      cardAsNumber: 4111111111111111,
      amountCents: 4550,
      policyId: '7a0c4e3c-1b1a-4bb8-9a53-6a2cfcbb1f7e',
    });
    const text = JSON.stringify(redacted);
    expect(text).not.toMatch(/1985|123|737|1234|S1234567D|91234567|4111111111111111/);
    expect(redacted).toMatchObject({
      traveller: { dateOfBirth: '[redacted]', dob: '[redacted]', birthDate: '[redacted]', note: 'fine' },
      contact: { value: '[number]' },
      cardAsNumber: '[card]',
      amountCents: 4550,
      policyId: '7a0c4e3c-1b1a-4bb8-9a53-6a2cfcbb1f7e',
    });
  });

  it('passes the per-request line through untouched', () => {
    const line = { req: { method: 'GET', url: '/x', id: 'r1' }, status: 200, ms: 1.2 };
    expect(redactLogObject(line)).toBe(line);
  });

  it('redacts whatever a caller stores, even an object shaped like the request line', () => {
    const sent = { status: 'S1234567D', req: { cardNumber: '4111111111111111' } };
    expect(JSON.stringify(redactObject(sent))).not.toMatch(/S1234567D|4111/);
    expect(JSON.stringify(redactLogObject(sent))).not.toMatch(/S1234567D|4111/);
  });

  it('redacts sensitive keys at any depth and scrubs strings, errors included', () => {
    const error = Object.assign(new Error('no policy for S1234567D'), { hkId: 'A123456(3)', code: 'X1' });
    const redacted = redactLogObject({
      entry: {
        applicant: { fullName: 'TAN AH KOW', hkId: 'S1234567D', email: 'a@b.example', note: 'call 91234567' },
      },
      policy: { anything: 'a whole document is never logged' },
      list: [{ cardNumber: '4111111111111111' }, 'mail c@d.example'],
      at: new Date(0),
      count: 3,
      err: error,
    });
    expect(redacted).toMatchObject({
      entry: {
        applicant: { fullName: '[redacted]', hkId: '[redacted]', email: '[redacted]', note: 'call [number]' },
      },
      policy: '[redacted]',
      list: [{ cardNumber: '[redacted]' }, 'mail [email]'],
      at: new Date(0),
      count: 3,
      err: { type: 'Error', message: 'no policy for [nric]', code: 'X1' },
    });
    expect(JSON.stringify(redacted)).not.toMatch(/S1234567D|A123456|4111/);
  });

  it('logs only the type, code and message of a failed query, never its parameters or detail', () => {
    const document = JSON.stringify({
      fullName: 'TAN AH KOW',
      dateOfBirth: '15/06/1985',
      address1: 'Raffles',
    });
    const cause = Object.assign(new Error('unsupported Unicode escape sequence'), {
      code: '22P05',
      severity: 'ERROR',
      detail: `\\u0000 cannot be converted to text. ${document}`,
      where: `JSON data, line 1: ${document}`,
      table: 'policies',
    });
    const failed = new DrizzleQueryError(
      'insert into "policies" ("policy_id", "session_name", "document") values ($1, $2, $3)',
      ['7a0c4e3c-1b1a-4bb8-9a53-6a2cfcbb1f7e', 'secret-session-name-0001', document],
      cause,
    );
    for (const logged of [
      JSON.stringify(describeError(failed)),
      JSON.stringify(redactLogObject({ err: failed })),
      JSON.stringify({
        ...sanitisedError(failed),
        message: sanitisedError(failed).message,
        stack: sanitisedError(failed).stack,
      }),
    ]) {
      expect(logged).not.toMatch(/TAN AH KOW|1985|Raffles|secret-session-name|7a0c4e3c/);
      expect(logged).toContain('22P05');
      expect(logged).toContain('Failed query: insert into');
    }
    expect(describeError(failed)).toMatchObject({
      type: 'Error',
      cause: { code: '22P05', message: 'unsupported Unicode escape sequence', table: 'policies' },
    });
    // A value PostgreSQL quotes in its message is not copied either.
    expect(describeError(new Error('invalid input syntax for type uuid: "TAN AH KOW"')).message).toBe(
      'invalid input syntax for type uuid: "[value]"',
    );
  });

  it('scrubs the largest text a client can send in linear time (no pattern backtracks quadratically)', () => {
    // A lifecycle entry takes 100 KB of anything; each of these took over 4 s with unbounded patterns.
    for (const text of [
      'a'.repeat(100_000),
      '1'.repeat(100_000),
      'a.'.repeat(50_000),
      `${'a'.repeat(50_000)}@${'b'.repeat(50_000)}`,
      `cvv${' '.repeat(100_000)}x`,
      'A12345'.repeat(16_000),
      '1/'.repeat(50_000),
      '12-'.repeat(33_000),
      '2026-01-01T'.repeat(9_000),
      '1 July '.repeat(14_000),
      `deptDate=${'1'.repeat(100_000)}`,
    ]) {
      const started = performance.now();
      scrubText(text);
      expect(performance.now() - started, text.slice(0, 12)).toBeLessThan(1_000);
    }
  });

  it('stops at a sensible depth instead of walking forever', () => {
    let deep: Record<string, unknown> = { leaf: 'S1234567D' };
    for (let level = 0; level < 12; level += 1) deep = { next: deep };
    expect(JSON.stringify(redactLogObject({ deep }))).toContain('[too deep]');
  });
});
