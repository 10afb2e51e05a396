import type { Locator, Page, TestInfo } from '@playwright/test';
import { watchConsole } from './support/console.ts';
import {
  applyNow,
  confirmAndGoToPayment,
  expectFinishPage,
  fillPerson,
  fillPolicyholder,
  payByCard,
  planCard,
  quoteFromLanding,
  type TContact,
  type TCountry,
  type TPerson,
} from './support/journey.ts';
import { expectNoHorizontalScroll } from './support/layout.ts';
import { expect, test } from './support/test.ts';

/**
 * Decisions a customer makes on the quote and checkout pages, in both markets, at 375 px (@phone) and
 * 1280 px: what each plan covers beside its price, what Plus adds, a comparison readable on a phone
 * before Apply now, the senior loading as a line of the price, age copy that agrees with the rules,
 * labels read once and e-mail addresses as typed, and a landing whose figures are the schedule's.
 * Every figure is checked against what the shop itself shows elsewhere (the comparison table), so the
 * tests hold the pages to one another rather than to a copy of the data.
 */

const MARKETS: { country: TCountry; path: string; money: RegExp }[] = [
  { country: 'SGP', path: '/travel', money: /S\$[\d,]+\.\d{2}/ },
  { country: 'HKG', path: '/travel?country=HKG', money: /HK\$[\d,]+\.\d{2}/ },
];

const PLANS = ['Standard', 'Super'] as const;

/** The comparison table's covers the customer looks for first, by the start of their row labels. */
const KEY_ROWS = {
  medical: /^Medical and additional expenses/,
  cancellation: /^Trip cancellation$/,
  baggage: /^Baggage and personal effects$/,
  liability: /^Personal liability$/,
} as const;

async function shot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({
    path: `/work/briefs/shots/decide-${testInfo.project.name}-${name}.png`,
    fullPage: true,
  });
}

function comparison(page: Page): Locator {
  return page.getByRole('region', { name: 'Compare the plans' });
}

/** Opens every group of the comparison table. */
async function expandComparison(page: Page) {
  await expect(comparison(page).getByRole('button').first()).toBeVisible();
  const toggles = comparison(page).locator('button[aria-expanded="false"]');
  while ((await toggles.count()) > 0) await toggles.first().click();
}

type TLimits = { plain: string; plus: string | null };

/** A row's limits per plan as the table shows them: the plan's own, and Plus's where the cell names one. */
async function rowLimits(page: Page, label: RegExp): Promise<Record<(typeof PLANS)[number], TLimits>> {
  const row = comparison(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: label }) });
  await expect(row).toHaveCount(1);
  const cells = row.getByRole('cell');
  const read = async (index: number): Promise<TLimits> => {
    // The dash of "not covered" is decoration (hidden from screen readers); the words are the value.
    const text = (await cells.nth(index).innerText()).replace(/\s+/g, ' ').replace(/^–\s*/, '').trim();
    const [plain, plus] = text.split(/\s*With Plus:\s*/);
    return { plain: plain!.trim(), plus: plus?.trim() ?? null };
  };
  return { Standard: await read(0), Super: await read(1) };
}

function amountOf(text: string): number {
  const match = text.match(/[\d,]+\.\d{2}/);
  return match ? Number(match[0].replace(/,/g, '')) : 0;
}

test.describe('decisions a customer can make, in both markets', () => {
  for (const market of MARKETS) {
    test(`${market.country}: each price sits beside its key covers, and the comparison comes before Apply now @phone`, async ({
      page,
    }, testInfo) => {
      const problems = watchConsole(page);
      await page.goto(market.path);
      await quoteFromLanding(page);
      await shot(page, testInfo, `${market.country}-quote`);

      // The comparison is between the plans and Apply now, and fits the screen: only its own region scrolls.
      const table = comparison(page);
      const apply = page.getByRole('button', { name: 'Apply now' });
      const tableBox = (await table.boundingBox())!;
      const applyBox = (await apply.boundingBox())!;
      expect(tableBox.y + tableBox.height).toBeLessThanOrEqual(applyBox.y);
      await expandComparison(page);
      await expectNoHorizontalScroll(page);
      const viewport = page.viewportSize()!;
      const scroller = table.getByRole('region', { name: /Plan comparison/ });
      await expect(scroller).toBeVisible();
      const scrollerBox = (await scroller.boundingBox())!;
      expect(scrollerBox.x + scrollerBox.width).toBeLessThanOrEqual(viewport.width);
      // Every cover's name is on screen, and the keyboard can scroll the region to every amount.
      for (const header of await table.getByRole('rowheader').all()) {
        const box = (await header.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      }
      await scroller.focus();
      await expect(scroller).toBeFocused();
      for (let step = 0; step < 20; step++) await page.keyboard.press('ArrowRight');
      const lastCell = table.getByRole('row').last().getByRole('cell').last();
      // The region may still be scrolling (a busy machine draws late): its last cell comes on screen.
      await expect
        .poll(async () => {
          const lastBox = (await lastCell.boundingBox())!;
          return lastBox.x + lastBox.width;
        })
        .toBeLessThanOrEqual(viewport.width + 1);
      await expectNoHorizontalScroll(page);
      await shot(page, testInfo, `${market.country}-comparison`);
      await table.screenshot({
        path: `/work/briefs/shots/decide-${testInfo.project.name}-${market.country}-table.png`,
      });
      await page.getByRole('group', { name: 'Plans' }).screenshot({
        path: `/work/briefs/shots/decide-${testInfo.project.name}-${market.country}-cards.png`,
      });

      // Each card names medical, cancellation, baggage and liability with the table's amounts for its plan.
      for (const plan of PLANS) {
        const card = planCard(page, plan);
        const names = {
          medical: 'Medical',
          cancellation: 'Cancellation',
          baggage: 'Baggage',
          liability: 'Liability',
        };
        for (const [key, label] of Object.entries(KEY_ROWS)) {
          const limits = await rowLimits(page, label);
          const cover = card.locator(`[data-cover="${key}"]`);
          await expect(cover, `${plan} ${key}`).toContainText(names[key as keyof typeof names]);
          await expect(cover).toContainText(limits[plan].plain);
          expect(limits[plan].plain).toMatch(market.money);
        }
      }
      expect(problems).toEqual([]);
    });

    test(`${market.country}: Plus says what it adds, beside the choice and in the comparison @phone`, async ({
      page,
    }, testInfo) => {
      const problems = watchConsole(page);
      await page.goto(market.path);
      await quoteFromLanding(page);
      await expandComparison(page);
      const plusBox = page.getByRole('checkbox', { name: 'Add Plus' });
      await expect(plusBox).toBeEnabled();
      for (const plan of PLANS) {
        await page.getByRole('radio', { name: plan, exact: true }).check();
        const adds = page.locator('[data-plus-cover]');
        await expect(adds.first()).toBeVisible();
        // Each line under the choice is a cover the table shows raised by Plus for this plan, with its amount.
        const lines = await adds.allInnerTexts();
        expect(lines.length).toBeGreaterThan(0);
        const raised = comparison(page).locator('td').filter({ hasText: 'With Plus:' });
        expect(await raised.count()).toBeGreaterThanOrEqual(lines.length);
        for (const line of lines) {
          const [label, rest] = line.split(/:\s(.*)/s);
          const limits = await rowLimits(
            page,
            new RegExp(`^${label!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
          );
          expect(limits[plan].plus, `${plan}: ${line}`).not.toBeNull();
          expect(rest).toContain(limits[plan].plus!);
          expect(rest).toContain(limits[plan].plain);
        }
      }
      // With Plus, the cards' key covers are Plus's limits: at least one is higher than without.
      const medicalOf = (plan: string) => async () =>
        amountOf(await planCard(page, plan).locator('[data-cover="medical"]').innerText());
      const without = await medicalOf('Super')();
      await plusBox.check();
      await expect.poll(medicalOf('Super Plus')).toBeGreaterThan(without);
      await shot(page, testInfo, `${market.country}-plus`);
      await page
        .locator('[data-plus-cover]')
        .first()
        .locator('xpath=ancestor::div[2]')
        .screenshot({
          path: `/work/briefs/shots/decide-${testInfo.project.name}-${market.country}-plus-choice.png`,
        });
      expect(problems).toEqual([]);
    });

    test(`${market.country}: the landing's figures are the limits the comparison shows @phone`, async ({
      page,
    }, testInfo) => {
      await page.goto(market.path);
      const medicalBullet = page.getByText(/^Overseas medical expenses up to /);
      const liability = page.getByText(/accidentally injure someone/);
      const cancellation = page.getByText(/^Trip cancellation up to/);
      for (const text of [medicalBullet, liability, cancellation])
        await expect(text).toContainText(market.money);
      const landing = {
        medical: amountOf((await medicalBullet.textContent()) ?? ''),
        liability: amountOf((await liability.textContent()) ?? ''),
        cancellation: amountOf((await cancellation.textContent()) ?? ''),
      };
      await shot(page, testInfo, `${market.country}-landing`);
      await quoteFromLanding(page);
      await expandComparison(page);
      for (const [key, figure] of Object.entries(landing)) {
        const limits = await rowLimits(page, KEY_ROWS[key as keyof typeof KEY_ROWS]);
        const highest = Math.max(
          ...PLANS.flatMap((plan) => [limits[plan].plain, limits[plan].plus ?? '']).map(amountOf),
        );
        expect(figure, `the landing's ${key}`).toBe(highest);
      }
    });
  }

  const SENIOR_BIRTH = `${new Date().getFullYear() - 82}-01-15`;
  const JOURNEYS: {
    country: TCountry;
    path: string;
    holder: TPerson;
    contact: TContact;
    hkid: boolean;
    partner: TPerson;
  }[] = [
    {
      country: 'SGP',
      path: '/travel',
      holder: { name: 'Tan Wei Ming', id: 'S8512345I', birth: '15/06/1985' },
      contact: { mobile: '91234567', email: 'Weiming.Tan@Example.com' },
      hkid: false,
      partner: { name: 'Tan Ah Kow', id: 'S8712345F', birth: SENIOR_BIRTH },
    },
    {
      country: 'HKG',
      path: '/travel?country=HKG',
      holder: { name: 'Chan Tai Man', id: 'K987654(5)', birth: '15/06/1985' },
      contact: { mobile: '91234567', email: 'TaiMan.Chan@Example.com' },
      hkid: true,
      partner: { name: 'Chan Siu Ming', id: 'E12345678', birth: SENIOR_BIRTH },
    },
  ];

  for (const journey of JOURNEYS) {
    test(`${journey.country}: an 82-year-old's senior loading is a line of the price, the ages agree, labels read once, e-mail as typed @phone`, async ({
      page,
    }, testInfo) => {
      test.setTimeout(120_000);
      const problems = watchConsole(page);
      await page.goto(journey.path);
      await quoteFromLanding(page, { travellers: 'couple' });
      // The ages the quote page names are the rules': no adult maximum that the 82-year-old breaks.
      const notes = page.getByRole('region', { name: 'Important notes' });
      await expect(notes).toContainText('The policyholder must be 18 to 70');
      await expect(page.locator('body')).not.toContainText(/[Aa]dults up to 70|per adult up to 70/);
      await applyNow(page);
      await expect(page.locator('body')).not.toContainText(/[Aa]dults up to 70|per adult up to 70/);
      if (journey.hkid) {
        await page
          .getByRole('region', { name: 'Policyholder' })
          .getByLabel('ID type')
          .selectOption({ label: 'HKID' });
      }
      await fillPolicyholder(page, { person: journey.holder, contact: journey.contact });
      const partner = page.getByRole('group', { name: 'Traveller 2' });
      if (journey.hkid) await partner.getByLabel('ID type').selectOption({ label: 'Passport' });
      await fillPerson(partner, journey.partner);
      await page.getByRole('button', { name: 'Continue' }).click();

      const senior = page.getByRole('dialog', { name: 'A traveller is over 80' });
      await expect(senior).toBeVisible();
      await senior.getByRole('button', { name: 'Continue' }).click();
      // The loading the customer agreed to: a line of the price with its reason, not a warning.
      const priced = page.getByRole('dialog', { name: /Your price with cover for travellers over 80/ });
      await expect(priced).toBeVisible();
      await expect(priced).toContainText(/Senior loading \(travellers over 80\): \+(S|HK)\$[\d,]+\.\d{2}/);
      await expect(page.getByText('The price has changed')).toHaveCount(0);
      await expect(page.getByRole('alert')).toHaveCount(0);
      const line = priced.getByTestId('senior-loading-line');
      const colour = await line.evaluate((element) => getComputedStyle(element).color);
      const errorColour = await page.evaluate(() => {
        const probe = document.createElement('span');
        probe.style.color = 'var(--error)';
        document.body.append(probe);
        const value = getComputedStyle(probe).color;
        probe.remove();
        return value;
      });
      expect(colour).not.toBe(errorColour);
      await shot(page, testInfo, `${journey.country}-senior`);
      await priced.screenshot({
        path: `/work/briefs/shots/decide-${testInfo.project.name}-${journey.country}-senior-dialog.png`,
      });
      await priced.getByRole('button', { name: 'Continue at this price' }).click();

      await expect(page).toHaveURL(/\/travel\/confirm$/);
      const plan = page.getByRole('region', { name: 'Your plan' });
      await expect(plan).toContainText('Couple, 2 adults');
      await expect(plan).not.toContainText(/Couple\s*·\s*Couple/);
      const email = journey.contact.email.toLowerCase();
      await expect(page.getByRole('region', { name: 'Policyholder' })).toContainText(email);
      await expect(page.locator('body')).not.toContainText(journey.contact.email.toUpperCase());
      await expect(page.locator('body')).not.toContainText(/[Aa]dults up to 70/);
      await shot(page, testInfo, `${journey.country}-confirm`);
      await confirmAndGoToPayment(page);
      await payByCard(page, { country: journey.country });
      await expectFinishPage(page, { country: journey.country });
      await expect(page.getByText(`We've e-mailed your policy to ${email}.`)).toBeVisible();
      await expect(page.locator('body')).not.toContainText(journey.contact.email.toUpperCase());
      await shot(page, testInfo, `${journey.country}-finish`);
      expect(problems).toEqual([]);
    });
  }

  test('a family on confirm: its type reads once @phone', async ({ page }) => {
    await page.goto('/travel?country=HKG');
    await quoteFromLanding(page, { travellers: 'family' });
    await applyNow(page);
    await page
      .getByRole('region', { name: 'Policyholder' })
      .getByLabel('ID type')
      .selectOption({ label: 'HKID' });
    await fillPolicyholder(page, {
      person: { name: 'Chan Tai Man', id: 'K987654(5)', birth: '15/06/1985' },
      contact: { mobile: '91234567', email: 'taiman.chan@example.com' },
    });
    for (const name of ['Adult 2', 'Child 1'])
      await page.getByRole('group', { name }).getByLabel('ID type').selectOption({ label: 'Passport' });
    await fillPerson(page.getByRole('group', { name: 'Adult 2' }), {
      name: 'Wong Mei Ling',
      id: 'E12345678',
      birth: '02/03/1987',
    });
    await fillPerson(page.getByRole('group', { name: 'Child 1' }), {
      name: 'Chan Ka Yan',
      id: 'E23456789',
      birth: '09/09/2015',
    });
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/travel\/confirm$/);
    const plan = page.getByRole('region', { name: 'Your plan' });
    await expect(plan).toContainText('Family: 2 adults, 1 child');
    await expect(plan).not.toContainText(/Family\s*·\s*Family/);
  });
});
