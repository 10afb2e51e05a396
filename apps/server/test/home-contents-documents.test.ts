import { recordConsent } from '@lionrock/domain/consents/consents';
import { localDate } from '@lionrock/domain/dates/local-date';
import { homeContents } from '@lionrock/domain/home/home-contents';
import type { THomePlan } from '@lionrock/domain/home/home-model';
import { formatMoney } from '@lionrock/domain/money/money';
import type { THomeRateFacts } from '@lionrock/domain/rating/rate-facts';
import { buildHomePolicy, buildHongKongHomePolicy } from '@lionrock/domain/schemas/fixtures';
import type { TPolicyInput } from '@lionrock/domain/schemas/policy-schema';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { payAtTestGateway, postReceipt } from './helpers/card-gateway.ts';
import { pdfText } from './helpers/pdf-text.ts';
import { buildTestApp, postRest, recordingMailer } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

const today = localDate(2026, 11, 23);
const AT = '2026-11-23T02:00:00.000Z';

function singaporeHome(contentsSumInsured: number): TPolicyInput {
  const base = buildHomePolicy(today);
  return { ...base, policyHome: { ...base.policyHome!, contentsSumInsured, optionalCovers: [] } };
}

function hongKongHome(contentsSumInsured: number): TPolicyInput {
  return buildHongKongHomePolicy(today, {
    policyHome: { buildingAge: 'UNDER_20', contentsSumInsured },
  } as Partial<TPolicyInput>);
}

/**
 * The contents sum insured of a home policy, bought through the API (decision 125; issue 29: "contents
 * of S$50,000 chosen and shown on quote, confirm and payment print as S$60,000 on the plan column and
 * the policy schedule"): the figure the pages state — `homeContents` of the rate facts they read — is
 * the one the schedule's property rows and plan limits print and the policy mail names, in Singapore
 * (English) and Hong Kong (Chinese), whether the plan keeps the sum chosen or includes a larger one.
 */
describeEachDriver('the home contents sum on the schedule and in the mail', (driver) => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  const { sent, mailer } = recordingMailer();

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    app = await buildTestApp(database, { now: () => new Date(AT), mailer });
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  const post = (path: string, payload: unknown) => postRest(app, path, payload);

  /** Buys the plan, then answers the sum the pages state for it and the issued mail and schedule. */
  async function buy(policy: TPolicyInput, plan: THomePlan) {
    const quoted = (await post('policy/multirate', policy)).json();
    const item = quoted.policyHome.premiumItems.find((line: { planName: string }) => line.planName === plan);
    const home = { ...policy.policyHome!, selectedPlan: plan, policyPremium: item };
    const rated = await post('policy/rate', { ...policy, policyHome: home });
    expect(rated.statusCode, rated.body.slice(0, 300)).toBe(200);
    const consent = recordConsent(true, AT);
    const pending = await post('policy/updateToPending', {
      ...(rated.json() as object),
      consents: { declaration1: consent, declaration2: consent, marketing: recordConsent(false, AT) },
    });
    expect(pending.statusCode, pending.body.slice(0, 300)).toBe(200);
    const receipt = (
      await postReceipt(app, await payAtTestGateway(app, pending.json().paymentSignature))
    ).json();
    expect(receipt).toMatchObject({ paid: true });
    await app.services.documents.deliverMail();
    const message = sent.find(
      (candidate) => candidate.subject.includes(receipt.policyNumber) && /@EXAMPLE\.COM$/i.test(candidate.to),
    )!;
    // What the quote, confirm and payment pages state: `homeContents` of the rate facts they ask for.
    const facts = (
      await app.inject({
        method: 'GET',
        url: `/b2c-server/rest/policy/rate-facts?country=${policy.country}&product=PHM&on=${policy.policyHome!.effectiveDate}`,
        headers: { 'session-name': 'home-contents-test-session' },
      })
    ).json() as THomeRateFacts;
    const pages = homeContents(
      facts.includedContentsCents,
      plan,
      (policy.policyHome!.contentsSumInsured ?? 0) * 100,
    );
    return { pages, mail: message.text, schedule: pdfText(message.attachments![0]!.content as Buffer) };
  }

  it.each([
    // Enhanced includes S$60,000: the S$50,000 chosen is raised, as the pages say before purchase.
    [50_000, 'ENHANCED', 6_000_000],
    [80_000, 'ENHANCED', 8_000_000],
  ] as const)(
    'Singapore: S$%i chosen on %s is insured, printed and mailed as one sum',
    async (chosen, plan, cents) => {
      const { pages, mail, schedule } = await buy(singaporeHome(chosen), plan);
      expect(pages.sumInsuredCents).toBe(cents);
      const sum = formatMoney(cents, 'SGP');
      expect(schedule).toContain(`Contents sum insured ${sum}`);
      expect(schedule).toContain(`Household contents ${sum}`);
      expect(mail).toContain(`Contents sum insured: ${sum}\n`);
      // No other contents figure anywhere: not the sum chosen when the plan raised it.
      if (pages.raisedToIncluded) {
        const chosenSum = formatMoney(pages.chosenCents, 'SGP');
        expect(schedule).not.toContain(`Contents sum insured ${chosenSum}`);
        expect(schedule).not.toContain(`Household contents ${chosenSum}`);
        expect(mail).not.toContain(chosenSum);
      }
      // The plan named once (issue 29), never by its rating code.
      expect(mail).toContain('Plan: Enhanced\n');
      expect(mail).not.toContain('HM-ENH');
    },
  );

  it.each([
    // Prestige includes HK$600,000: the HK$400,000 chosen is raised.
    [400_000, 'PRESTIGE', 60_000_000],
    [800_000, 'ENHANCED', 80_000_000],
  ] as const)(
    'Hong Kong, in Chinese: HK$%i chosen on %s is insured, printed and mailed as one sum',
    async (chosen, plan, cents) => {
      const { pages, mail, schedule } = await buy(hongKongHome(chosen), plan);
      expect(pages.sumInsuredCents).toBe(cents);
      const sum = formatMoney(cents, 'HKG');
      expect(schedule).toContain(`家居財物保額 ${sum}`);
      expect(schedule).toContain(`家居財物 ${sum}`);
      expect(mail).toContain(`家居財物保額：${sum}\n`);
      if (pages.raisedToIncluded) {
        const chosenSum = formatMoney(pages.chosenCents, 'HKG');
        expect(schedule).not.toContain(`家居財物保額 ${chosenSum}`);
        expect(schedule).not.toContain(`家居財物 ${chosenSum}`);
        expect(mail).not.toContain(chosenSum);
      }
      expect(mail).toContain(`計劃：${plan === 'PRESTIGE' ? '尊貴' : '進階'}\n`);
    },
  );
});
