import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { stubServer } from '../../test/render';
import { backOfficeCall } from './back-office-api';
import { FormField, FormMessages, fieldPathsOf, plainProblem, useStaffForm } from './staff-form';

afterEach(() => vi.unstubAllGlobals());

const ZRequest = z.object({
  name: z.string().trim().min(1).max(10),
  limits: z.object({ daily: z.coerce.number().int().min(1) }),
  note: z.string().trim().max(5),
});
type TValues = { name: string; limits: { daily: string }; note: string };

function Example({ onSent }: { onSent: (request: z.infer<typeof ZRequest>) => void }) {
  const form = useStaffForm<TValues, z.infer<typeof ZRequest>>({
    defaultValues: { name: '', limits: { daily: '' }, note: '' },
    schema: ZRequest,
    messages: { name: 'Enter the name.', 'limits.daily': 'Enter a daily limit of 1 or more.' },
    aliases: { dailyLimit: 'limits.daily' },
  });
  const send = form.submitWith(async (request) => {
    onSent(request);
    await backOfficeCall('POST', '/example', request);
    return 'Saved.';
  });
  return (
    <form onSubmit={send} noValidate>
      <FormField form={form} name="name" label="Name" hint="As on the ID.">
        {(control) => <input {...control} {...form.register('name')} />}
      </FormField>
      <FormField form={form} name="limits.daily" label="Daily limit">
        {(control) => <input {...control} {...form.register('limits.daily')} />}
      </FormField>
      <FormField form={form} name="note" label="Note">
        {(control) => <input {...control} {...form.register('note')} />}
      </FormField>
      <button type="submit">Save</button>
      <FormMessages form={form} />
    </form>
  );
}

describe('the back-office form kit (decision 123)', () => {
  it('flags every problem at once with its own words, focuses the first, and sends nothing', async () => {
    const { calls } = stubServer([]);
    const user = userEvent.setup();
    const sent = vi.fn();
    render(<Example onSent={sent} />);
    await user.type(screen.getByLabelText('Note'), 'far too long');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const alerts = screen.getAllByRole('alert').map((alert) => alert.textContent);
    expect(alerts).toEqual([
      'Enter the name.',
      'Enter a daily limit of 1 or more.',
      'Use at most 5 characters.',
    ]);
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    expect(screen.getByRole('status').textContent).toBe('Check the marked fields.');
    // The problem and the hint are both tied to the control.
    const name = screen.getByLabelText('Name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')?.split(' ')).toHaveLength(2);
    expect(sent).not.toHaveBeenCalled();
    expect(calls).toHaveLength(0);
  });

  it('sends the request as the schema parsed it, and says what it did', async () => {
    stubServer([{ match: /example/, body: {} }]);
    const user = userEvent.setup();
    const sent = vi.fn();
    render(<Example onSent={sent} />);
    await user.type(screen.getByLabelText('Name'), '  Mei  ');
    await user.type(screen.getByLabelText('Daily limit'), '3');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    expect(sent).toHaveBeenCalledWith({ name: 'Mei', limits: { daily: 3 }, note: '' });
  });

  it("puts a server's refusal on the field it names (or its alias), keeping what was typed", async () => {
    const user = userEvent.setup();
    render(<Example onSent={() => {}} />);
    await user.type(screen.getByLabelText('Name'), 'Mei');
    await user.type(screen.getByLabelText('Daily limit'), '3');

    stubServer([
      { match: /example/, status: 400, body: { message: 'Too high for you.', field: 'dailyLimit' } },
    ]);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Too high for you.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Daily limit'));
    expect((screen.getByLabelText('Daily limit') as HTMLInputElement).value).toBe('3');

    stubServer([{ match: /example/, status: 409, body: { message: 'Changed meanwhile.' } }]);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Changed meanwhile.')).toBeTruthy();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Mei');
  });

  it('knows every path of its values and words bounds nobody worded', () => {
    expect(fieldPathsOf({ a: '', b: { c: 1, d: [1] } })).toEqual(['a', 'b.c', 'b.d']);
    expect(plainProblem({ path: 'x', code: 'too_big', maximum: 40 })).toBe('Use at most 40 characters.');
    expect(plainProblem({ path: 'x', code: 'too_small', minimum: 1 })).toBe('Fill this in.');
    expect(plainProblem({ path: 'x', code: 'invalid_type' })).toBe('Check this field.');
  });
});
