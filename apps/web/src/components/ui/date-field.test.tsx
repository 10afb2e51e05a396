import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_CLICKS } from '../../app/shell/early-clicks';
import { showLanguage } from '../../lib/i18n';
import { DateField, dateOfText, maskDateText } from './date-field';
import { RegisteredDateField } from './date-field-registered';

const JUNE_2 = { year: 2026, month: 6, day: 2 };
const JULY_31 = { year: 2026, month: 7, day: 31 };

/** A caller keeping the field's value (ISO) in its state, as the shop's pages do. */
function Harness({
  initial = '',
  onValue = () => undefined,
  bounded = true,
}: {
  initial?: string;
  onValue?: (value: string) => void;
  bounded?: boolean;
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <label htmlFor="departure">Departure date</label>
      <DateField
        id="departure"
        label="Departure date"
        value={value}
        earliest={bounded ? JUNE_2 : null}
        latest={bounded ? JULY_31 : null}
        onChange={(event) => {
          setValue(event.target.value);
          onValue(event.target.value);
        }}
      />
      <output>{value}</output>
      <button type="button" onClick={() => setValue('2026-07-04')}>
        Set by the page
      </button>
    </>
  );
}

const field = () => screen.getByLabelText('Departure date', { selector: 'input' }) as HTMLInputElement;
const chooseButton = () => screen.getByRole('button', { name: 'Choose date: Departure date' });
/** The day the calendar's focus is on, by its label (Intl's full date in the page's language). */
const focusedDay = () => document.activeElement?.getAttribute('aria-label');
const fullDate = (day: number, month: number, year = 2026, locale = 'en-GB') =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, day, 12)),
  );

afterEach(async () => {
  await act(() => showLanguage('en'));
});

describe('the date field: DD/MM/YYYY typed', () => {
  it.each([
    // [text before, text typed into the field, shown]
    ['', '1', '1'],
    ['1', '12', '12/'],
    ['12/', '12//', '12/'],
    ['12/', '12', '12'],
    ['12/', '12/0', '12/0'],
    ['12/0', '12/06', '12/06/'],
    ['12/06/', '12/06/2', '12/06/2'],
    ['12/06/202', '12/06/2026', '12/06/2026'],
    ['12/06/2026', '12/06/20261', '12/06/2026'],
    ['', '1/', '01/'],
    ['01/', '01/6/', '01/06/'],
    ['', '12062026', '12/06/2026'],
    ['', '2026-06-12', '12/06/2026'],
    ['', 'ab', ''],
    // An edit inside the text keeps its shape (and the caret's place).
    ['12/06/2026', '12/6/2026', '12/6/2026'],
  ])('%j, then %j shows %j', (before, typed, shown) => {
    expect(maskDateText(typed, typed.length > before.length)).toBe(shown);
  });

  it('reads a date from DD/MM/YYYY, one-digit days and months allowed, and nothing else', () => {
    expect(dateOfText('12/06/2026')).toEqual({ year: 2026, month: 6, day: 12 });
    expect(dateOfText('1/6/2026')).toEqual({ year: 2026, month: 6, day: 1 });
    expect(dateOfText('31/02/2026')).toBeNull();
    expect(dateOfText('12/06/26')).toBeNull();
    expect(dateOfText('2026-06-12')).toBeNull();
  });

  it('shows the value as DD/MM/YYYY and gives the caller ISO once a whole date is typed', async () => {
    const onValue = vi.fn();
    render(<Harness initial="2026-06-15" onValue={onValue} />);
    expect(field().value).toBe('15/06/2026');
    expect(field().placeholder).toBe('DD/MM/YYYY');
    expect(field().inputMode).toBe('numeric');
    await userEvent.clear(field());
    expect(onValue).toHaveBeenLastCalledWith('');
    await userEvent.type(field(), '0407');
    // Unfinished: the caller holds '' (as the native input gave), the text stays as typed.
    expect(field().value).toBe('04/07/');
    expect(screen.getByRole('status').textContent).toBe('');
    await userEvent.type(field(), '2026');
    expect(field().value).toBe('04/07/2026');
    expect(screen.getByRole('status').textContent).toBe('2026-07-04');
    // A date outside the bounds is passed on, for the caller's rule to word.
    await userEvent.clear(field());
    await userEvent.type(field(), '01/01/2030');
    expect(screen.getByRole('status').textContent).toBe('2030-01-01');
  });

  it('shows a value the page sets, and writes out a one-digit day and month on leaving', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Set by the page' }));
    expect(field().value).toBe('04/07/2026');
    await userEvent.clear(field());
    await userEvent.type(field(), '5/7/2026');
    expect(screen.getByRole('status').textContent).toBe('2026-07-05');
    await userEvent.tab();
    expect(field().value).toBe('05/07/2026');
  });

  it('keeps a date typed into the server-drawn field before the app took the page over', async () => {
    const onValue = vi.fn();
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(<Harness initial="2026-06-15" />);
    const drawn = container.querySelector('input')!;
    expect(drawn.value).toBe('15/06/2026');
    // The customer types before the app's script has run.
    drawn.value = '20062026';
    const root = await act(async () =>
      hydrateRoot(container, <Harness initial="2026-06-15" onValue={onValue} />),
    );
    expect(onValue).toHaveBeenCalledWith('2026-06-20');
    expect(container.querySelector('input')!.value).toBe('20/06/2026');
    expect(container.querySelector('output')!.textContent).toBe('2026-06-20');
    act(() => root.unmount());
    container.remove();
  });

  it('opens the calendar pressed on the server-drawn field before the app took the page over', async () => {
    const container = document.createElement('div');
    container.id = 'root';
    document.body.append(container);
    container.innerHTML = renderToString(<Harness initial="2026-06-15" />);
    // The page's inline script (prerender.tsx) is there before the app; the customer presses the button.
    new Function(EARLY_CLICKS)();
    const drawnButton = container.querySelector('button[data-early-click]')!;
    drawnButton.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(drawnButton.hasAttribute('data-early-clicked')).toBe(true);
    const root = await act(async () => hydrateRoot(container, <Harness initial="2026-06-15" />));
    expect(await screen.findByRole('dialog', { name: 'Choose date: Departure date' })).toBeTruthy();
    expect(container.querySelector('[data-early-clicked]')).toBeNull();
    act(() => root.unmount());
    container.remove();
  });

  it('marks nothing once the app is ready', () => {
    const container = document.createElement('div');
    container.id = 'root';
    container.innerHTML = '<button type="button" data-early-click="">Choose</button>';
    document.body.append(container);
    new Function(EARLY_CLICKS)();
    document.documentElement.dataset.app = 'ready';
    container.querySelector('button')!.click();
    expect(container.querySelector('[data-early-clicked]')).toBeNull();
    delete document.documentElement.dataset.app;
    container.remove();
  });
});

describe('the date field: the calendar by keyboard', () => {
  it('opens on the date, moves by day, week and month, picks with Enter and gives the focus back', async () => {
    render(<Harness initial="2026-06-15" />);
    await userEvent.click(chooseButton());
    const dialog = await screen.findByRole('dialog', { name: 'Choose date: Departure date' });
    expect(dialog).toBeTruthy();
    const grid = screen.getByRole('grid', { name: 'June 2026' });
    await waitFor(() => expect(focusedDay()).toBe(fullDate(15, 6)));
    expect(grid.querySelector('[aria-selected="true"]')?.textContent).toBe('15');
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Sun',
      'Mon',
      'Tue',
      'Wed',
      'Thu',
      'Fri',
      'Sat',
    ]);
    await userEvent.keyboard('{ArrowRight}');
    expect(focusedDay()).toBe(fullDate(16, 6));
    await userEvent.keyboard('{ArrowDown}');
    expect(focusedDay()).toBe(fullDate(23, 6));
    await userEvent.keyboard('{ArrowLeft}{ArrowUp}');
    expect(focusedDay()).toBe(fullDate(15, 6));
    await userEvent.keyboard('{Home}');
    expect(focusedDay()).toBe(fullDate(14, 6));
    await userEvent.keyboard('{End}');
    expect(focusedDay()).toBe(fullDate(20, 6));
    await userEvent.keyboard('{PageDown}');
    expect(focusedDay()).toBe(fullDate(20, 7));
    expect(screen.getByRole('grid', { name: 'July 2026' })).toBeTruthy();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(field().value).toBe('20/07/2026');
    expect(screen.getByRole('status').textContent).toBe('2026-07-20');
    await waitFor(() => expect(document.activeElement).toBe(chooseButton()));
  });

  it('keeps to the bounds: days outside cannot be reached nor picked', async () => {
    render(<Harness initial="2026-06-03" />);
    await userEvent.click(chooseButton());
    await screen.findByRole('grid', { name: 'June 2026' });
    await waitFor(() => expect(focusedDay()).toBe(fullDate(3, 6)));
    expect(screen.getByRole('button', { name: fullDate(1, 6) })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Previous month' })).toHaveProperty('disabled', true);
    await userEvent.keyboard('{ArrowUp}');
    expect(focusedDay()).toBe(fullDate(2, 6));
    await userEvent.keyboard('{ArrowLeft}{PageUp}');
    expect(focusedDay()).toBe(fullDate(2, 6));
    await userEvent.keyboard('{PageDown}{PageDown}{PageDown}');
    expect(focusedDay()).toBe(fullDate(31, 7));
    expect(screen.getByRole('button', { name: 'Next month' })).toHaveProperty('disabled', true);
    await userEvent.keyboard('{ArrowRight}{End}');
    expect(focusedDay()).toBe(fullDate(31, 7));
    await userEvent.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}{ArrowUp}{ArrowUp}');
    expect(focusedDay()).toBe(fullDate(26, 6));
  });

  it('closes with Escape, changing nothing, and gives the focus back to its button', async () => {
    render(<Harness initial="2026-06-15" />);
    await userEvent.click(chooseButton());
    await screen.findByRole('grid');
    await waitFor(() => expect(focusedDay()).toBe(fullDate(15, 6)));
    await userEvent.keyboard('{ArrowRight}{Escape}');
    // The browser's modal dialog turns Escape into `cancel` (the test DOM does not: sent here).
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(field().value).toBe('15/06/2026');
    await waitFor(() => expect(document.activeElement).toBe(chooseButton()));
  });

  it('changes month and year with its selects', async () => {
    render(<Harness initial="1985-06-15" bounded={false} />);
    await userEvent.click(chooseButton());
    await screen.findByRole('grid', { name: 'June 1985' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Year' }), '1990');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Month' }), 'Mar');
    await userEvent.click(screen.getByRole('button', { name: fullDate(10, 3, 1990) }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(field().value).toBe('10/03/1990');
  });

  it("names months and days in the page's language (Traditional Chinese)", async () => {
    await act(() => showLanguage('zh-Hant'));
    render(<Harness initial="2026-06-15" />);
    await userEvent.click(screen.getByRole('button', { name: '選擇日期：Departure date' }));
    await screen.findByRole('grid', { name: '2026年6月' });
    await waitFor(() => expect(focusedDay()).toBe(fullDate(15, 6, 2026, 'zh-Hant-HK')));
    expect(screen.getByRole('button', { name: '下個月' })).toBeTruthy();
    expect(field().placeholder).toBe('DD/MM/YYYY');
  });
});

/** A react-hook-form form with the field registered, as the checkout and back-office forms have it. */
function Form({ onSubmit }: { onSubmit: (values: { dateOfBirth: string }) => void }) {
  const form = useForm({ defaultValues: { dateOfBirth: '1985-06-15' } });
  return (
    <form onSubmit={form.handleSubmit(onSubmit)}>
      <label htmlFor="dob">Date of birth</label>
      <RegisteredDateField
        id="dob"
        label="Date of birth"
        {...form.register('dateOfBirth', { required: true })}
      />
      <button type="button" onClick={() => form.reset({ dateOfBirth: '1990-03-10' })}>
        Reset
      </button>
      <button type="submit">Send</button>
    </form>
  );
}

/** A form keeping DD/MM/YYYY (as the personal accident pages do), telling each value it holds. */
function DmyForm({ seen }: { seen: (value: string) => void }) {
  const form = useForm({ defaultValues: { dateOfBirth: '15/06/1985' } });
  seen(form.watch('dateOfBirth'));
  return (
    <>
      <label htmlFor="dob">Date of birth</label>
      <RegisteredDateField id="dob" label="Date of birth" format="dmy" {...form.register('dateOfBirth')} />
    </>
  );
}

describe('the date field registered with react-hook-form', () => {
  it('shows the form value, gives it what is typed in ISO, follows a reset and is focused on an error', async () => {
    const onSubmit = vi.fn();
    render(<Form onSubmit={onSubmit} />);
    const input = screen.getByLabelText('Date of birth') as HTMLInputElement;
    await waitFor(() => expect(input.value).toBe('15/06/1985'));
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenLastCalledWith({ dateOfBirth: '1985-06-15' }, expect.anything());
    await userEvent.clear(input);
    await userEvent.type(input, '02031987');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenLastCalledWith({ dateOfBirth: '1987-03-02' }, expect.anything());
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(input.value).toBe('10/03/1990'));
    await userEvent.clear(input);
    await userEvent.type(input, '02/03');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledTimes(2);
    expect(document.activeElement).toBe(input);
  });

  it('keeps DD/MM/YYYY for a form that does, and passes on a text that is no date for its rule to word', async () => {
    const values: string[] = [];
    render(<DmyForm seen={(value) => values.push(value)} />);
    const input = screen.getByLabelText('Date of birth') as HTMLInputElement;
    await waitFor(() => expect(input.value).toBe('15/06/1985'));
    await userEvent.clear(input);
    await userEvent.type(input, '31/02/19');
    expect(values.at(-1)).toBe('31/02/19');
    await userEvent.type(input, '90');
    expect(values.at(-1)).toBe('31/02/1990');
    await userEvent.clear(input);
    await userEvent.type(input, '02031987');
    expect(values.at(-1)).toBe('02/03/1987');
  });
});
