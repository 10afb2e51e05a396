import { localDate } from '@lionrock/domain/dates/local-date';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CardForm } from './card-form';

const today = localDate(2026, 11, 23);

function renderForm(onPay = vi.fn(async () => true)) {
  render(<CardForm today={today} busy={false} amount="S$30.60" onPay={onPay} />);
  return {
    onPay,
    number: () => screen.getByLabelText('Card number') as HTMLInputElement,
    name: () => screen.getByLabelText('Name on card') as HTMLInputElement,
    expiry: () => screen.getByLabelText('Expiry date') as HTMLInputElement,
    cvv: () => screen.getByLabelText('CVV') as HTMLInputElement,
    pay: () => screen.getByRole('button', { name: 'Pay S$30.60' }),
  };
}

describe('the card form (pa-home-payments section 5, by the domain’s card rules)', () => {
  it('groups the number 4-4-4-4 as typed and blocks every key that is not a digit', async () => {
    const form = renderForm();
    await userEvent.type(form.number(), '4111 abc-1111x1111.11119999');
    expect(form.number().value).toBe('4111-1111-1111-1111');
    expect(screen.getByText('Visa')).toBeTruthy();
    await userEvent.type(form.expiry(), '1a2/29');
    expect(form.expiry().value).toBe('12-29');
    await userEvent.type(form.cvv(), '1x234');
    expect(form.cvv().value).toBe('123');
  });

  it('upper-cases the cardholder name', async () => {
    const form = renderForm();
    await userEvent.type(form.name(), "Tan O'Neil");
    expect(form.name().value).toBe("TAN O'NEIL");
  });

  it('shows each field’s message from the domain and sends nothing while one is wrong', async () => {
    const form = renderForm();
    await userEvent.click(form.pay());
    expect(screen.getByText('Please enter the card number.')).toBeTruthy();
    expect(screen.getByText('Please enter the name on the card.')).toBeTruthy();
    expect(screen.getByText('Please enter the expiry date.')).toBeTruthy();
    expect(screen.getByText('Please enter the CVV.')).toBeTruthy();
    expect(document.activeElement).toBe(form.number());
    expect(form.number().getAttribute('aria-invalid')).toBe('true');

    await userEvent.type(form.number(), '4111111111111112');
    await userEvent.type(form.name(), 'Madonna');
    await userEvent.type(form.expiry(), '1026');
    await userEvent.type(form.cvv(), '12');
    await userEvent.click(form.pay());
    expect(screen.getByText('Please check the card number.')).toBeTruthy();
    expect(screen.getByText('Please enter the first and last name as on the card.')).toBeTruthy();
    expect(screen.getByText('This card has expired.')).toBeTruthy();
    expect(screen.getByText('The CVV is the 3 digits on the back of your card.')).toBeTruthy();
    expect(form.onPay).not.toHaveBeenCalled();
  });

  it('refuses a card that is neither Visa nor Mastercard', async () => {
    const form = renderForm();
    await userEvent.type(form.number(), '6011111111111117');
    await userEvent.tab();
    expect(screen.getByText('We accept Visa and Mastercard only.')).toBeTruthy();
  });

  it('sends a valid card once and then clears the number, expiry and CVV', async () => {
    const form = renderForm();
    await userEvent.type(form.number(), '5555555555554444');
    await userEvent.type(form.name(), 'tan wei  ming');
    await userEvent.type(form.expiry(), '1230');
    await userEvent.type(form.cvv(), '737');
    await userEvent.click(form.pay());
    expect(form.onPay).toHaveBeenCalledWith({
      cardNumber: '5555-5555-5555-4444',
      cardHolderName: 'TAN WEI MING',
      expiryDate: '12-30',
      cvv: '737',
    });
    expect(form.number().value).toBe('');
    expect(form.expiry().value).toBe('');
    expect(form.cvv().value).toBe('');
    expect(form.name().value).toBe('TAN WEI  MING');
  });
});
