import type { Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { watchConsole } from './support/console.ts';
import { singaporeDateIn } from './support/dates.ts';
import { EN, tick } from './support/journey.ts';
import { expectNoHorizontalScroll } from './support/layout.ts';
import { storedPolicy } from './support/storage.ts';
import { expect, test } from './support/test.ts';

/**
 * The shop's one date field (issue 29): DD/MM/YYYY shown and typed in every language (no browser date
 * input and its own order), a "Choose date" calendar worked by the keyboard alone, and a date typed
 * into the landing the server drew before the app took it over kept.
 */

/** The day the calendar's focus is on, as the browser names it. */
const focusedDay = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));

/** Intl's full date in a language, as the calendar labels its days. */
const fullDate = (page: Page, dmy: string, locale: string) =>
  page.evaluate(
    ([text, language]) => {
      const [day, month, year] = text!.split('/').map(Number) as [number, number, number];
      return new Intl.DateTimeFormat(language, { dateStyle: 'full', timeZone: 'UTC' }).format(
        new Date(Date.UTC(year, month - 1, day, 12)),
      );
    },
    [dmy, locale],
  );

test.describe('the date field', () => {
  test('travel, Singapore, English: typed as digits, picked by keyboard, the calendar closed with Escape @phone', async ({
    page,
  }) => {
    const problems = watchConsole(page);
    await page.goto('/travel');
    const form = page.getByRole('region', { name: EN.formTitle });
    const departure = form.getByLabel(EN.departure);
    const returnDate = form.getByLabel(EN.return);
    // Today and 8 days later, as DD/MM/YYYY: no browser date input, no month-first order.
    await expect(departure).toHaveValue(singaporeDateIn(0));
    await expect(returnDate).toHaveValue(singaporeDateIn(8));
    await expect(departure).toHaveAttribute('type', 'text');
    await expect(departure).toHaveAttribute('placeholder', 'DD/MM/YYYY');

    // Digits alone: the field puts the slashes in.
    await departure.fill('');
    await departure.pressSequentially(singaporeDateIn(10).replaceAll('/', ''));
    await expect(departure).toHaveValue(singaporeDateIn(10));

    // The return from the calendar, by keyboard: it opens on the first day the return may be (the
    // departure: the 8th day's default is before it), a week and a day on, Enter.
    const chooseReturn = form.getByRole('button', { name: 'Choose date: Return date' });
    await chooseReturn.focus();
    await page.keyboard.press('Enter');
    const calendar = page.getByRole('dialog', { name: 'Choose date: Return date' });
    await expect(calendar).toBeVisible();
    await expect.poll(() => focusedDay(page)).toBe(await fullDate(page, singaporeDateIn(10), 'en-GB'));
    await expectNoSeriousAxeViolations(page);
    await expectNoHorizontalScroll(page);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => focusedDay(page)).toBe(await fullDate(page, singaporeDateIn(18), 'en-GB'));
    await page.keyboard.press('Enter');
    await expect(calendar).toHaveCount(0);
    await expect(returnDate).toHaveValue(singaporeDateIn(18));
    await expect(chooseReturn).toBeFocused();

    // Escape closes it, changing nothing, and the focus is back on its button.
    const chooseDeparture = form.getByRole('button', { name: 'Choose date: Departure date' });
    await chooseDeparture.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('grid')).toBeVisible();
    await page.keyboard.press('PageDown');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(chooseDeparture).toBeFocused();
    await expect(departure).toHaveValue(singaporeDateIn(10));

    // The trip quoted is the one shown.
    await form.getByRole('button', { name: EN.travellersToggle }).click();
    await form.getByRole('button', { name: EN.done }).click();
    await form.getByRole('button', { name: EN.startQuote }).click();
    await expect(page).toHaveURL(/\/travel\/quote$/);
    const policy = await storedPolicy(page);
    expect([policy.policyTravel.deptDate, policy.policyTravel.returnDate]).toEqual([
      singaporeDateIn(10),
      singaporeDateIn(18),
    ]);
    expect(problems).toEqual([]);
  });

  test('personal accident, Hong Kong, Traditional Chinese: the start date typed and picked by keyboard', async ({
    page,
  }) => {
    const problems = watchConsole(page);
    await page.goto('/pa?country=HKG&lang=zh');
    const picker = page.getByRole('group', { name: '您的職業' });
    await picker.getByRole('searchbox').fill('文員');
    await picker.getByRole('radio', { name: /文員/ }).check();
    await page.getByRole('button', { name: '獲取報價' }).click();
    await expect(page).toHaveURL(/\/pa\/occupation$/);
    await page.getByLabel(/過去3年最大的意外索償金額/).fill('0');
    await tick(page.getByRole('checkbox', { name: /風險聲明/ }));
    await page.getByRole('button', { name: '繼續' }).click();
    await expect(page).toHaveURL(/\/pa\/effective-date$/);

    const start = page.getByLabel('保單生效日期', { exact: true });
    // Tomorrow, in DD/MM/YYYY as in English.
    await expect(start).toHaveValue(singaporeDateIn(1));
    await expect(start).toHaveAttribute('placeholder', 'DD/MM/YYYY');
    await start.fill('');
    await start.pressSequentially(singaporeDateIn(3).replaceAll('/', ''));
    await expect(start).toHaveValue(singaporeDateIn(3));

    const choose = page.getByRole('button', { name: '選擇日期：保單生效日期' });
    await choose.focus();
    await page.keyboard.press('Enter');
    const calendar = page.getByRole('dialog', { name: '選擇日期：保單生效日期' });
    await expect(calendar).toBeVisible();
    // Months and days named by the browser in Traditional Chinese.
    await expect.poll(() => focusedDay(page)).toBe(await fullDate(page, singaporeDateIn(3), 'zh-Hant-HK'));
    await expect(calendar.getByRole('button', { name: '下個月' })).toBeVisible();
    await expect(calendar.getByRole('grid')).toHaveAccessibleName(/^\d{4}年\d{1,2}月$/);
    await expectNoSeriousAxeViolations(page);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect(calendar).toHaveCount(0);
    await expect(start).toHaveValue(singaporeDateIn(5));
    await expect(choose).toBeFocused();

    await page.getByRole('button', { name: '繼續' }).click();
    await expect(page).toHaveURL(/\/pa\/quote$/);
    const stored = await page.evaluate(() => JSON.parse(sessionStorage.getItem('lionrock.pa') ?? 'null'));
    expect(stored.state.policy.policyPAN.effectiveDate).toBe(singaporeDateIn(5));
    expect(problems).toEqual([]);
  });

  test('a date typed into the landing the server drew, before the app is ready, is kept', async ({
    context,
    baseURL,
  }) => {
    // A page of its own: the shared one waits for the app on `goto`, and here the app is held back.
    const page = await context.newPage();
    const { promise: released, resolve: release } = Promise.withResolvers<void>();
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(`${baseURL}/travel`, { waitUntil: 'commit' });
    const form = page.getByRole('region', { name: EN.formTitle });
    const departure = form.getByLabel(EN.departure);
    await expect(departure).toHaveValue(singaporeDateIn(0));
    expect(await page.evaluate(() => document.documentElement.dataset.app)).toBeUndefined();
    // Typed as a customer would, slashes and all, on the server's drawing.
    await departure.fill('');
    await departure.pressSequentially(singaporeDateIn(12));
    release();
    await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
    await expect(departure).toHaveValue(singaporeDateIn(12));

    // The app holds it too: the return is checked against it, and it is the trip quoted.
    await form.getByLabel(EN.return).fill(singaporeDateIn(15));
    await form.getByRole('button', { name: EN.travellersToggle }).click();
    await form.getByRole('button', { name: EN.done }).click();
    await expect(departure).toHaveValue(singaporeDateIn(12));
    await form.getByRole('button', { name: EN.startQuote }).click();
    await expect(page).toHaveURL(/\/travel\/quote$/);
    const policy = await storedPolicy(page);
    expect([policy.policyTravel.deptDate, policy.policyTravel.returnDate]).toEqual([
      singaporeDateIn(12),
      singaporeDateIn(15),
    ]);
  });

  test('a calendar pressed on the landing the server drew, before the app is ready, opens when it is', async ({
    context,
    baseURL,
  }) => {
    const page = await context.newPage();
    const { promise: released, resolve: release } = Promise.withResolvers<void>();
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(`${baseURL}/travel`, { waitUntil: 'commit' });
    const form = page.getByRole('region', { name: EN.formTitle });
    const choose = form.getByRole('button', { name: `Choose date: ${EN.departure}` });
    await expect(choose).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.dataset.app)).toBeUndefined();
    await choose.click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    release();
    await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
    // What was pressed is done once the app has arrived, and the calendar works as ever.
    const dialog = page.getByRole('dialog', { name: `Choose date: ${EN.departure}` });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(choose).toBeFocused();
  });
});
