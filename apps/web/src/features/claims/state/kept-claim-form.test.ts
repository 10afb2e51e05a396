import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetClaimForm, keepClaimForm, readKeptClaimForm } from './kept-claim-form';

type TFields = { description: string; amount: string; accountNumber: string; proxy: string };

const POLICY = '7e260988-82cf-4ffb-b5ff-13853a43b51e';
const OTHER = '0b8d2f4e-5a0c-4d0b-9a57-1f7c4f0d2e11';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('the claim form kept in the browser (issue 29: a draft left half way is offered again)', () => {
  it('keeps what was typed per policy and claim, and gives it back after a reload', () => {
    keepClaimForm<TFields>(POLICY, 'claim-1', {
      description: 'Bag lost at Changi',
      amount: '300.00',
      accountNumber: '',
      proxy: '',
    });
    expect(readKeptClaimForm<TFields>(POLICY)).toEqual({
      claimId: 'claim-1',
      fields: { description: 'Bag lost at Changi', amount: '300.00' },
    });
    expect(readKeptClaimForm<TFields>(OTHER)).toBeNull();
  });

  it('never keeps the payout account number or PayNow proxy', () => {
    keepClaimForm<TFields>(POLICY, 'claim-1', {
      description: 'x',
      amount: '1.00',
      accountNumber: '1234567890',
      proxy: '91234567',
    });
    const raw = sessionStorage.getItem(`lionrock.claim-form.${POLICY}`) ?? '';
    expect(raw).not.toContain('1234567890');
    expect(raw).not.toContain('91234567');
    expect(readKeptClaimForm<TFields>(POLICY)?.fields).toEqual({ description: 'x', amount: '1.00' });
  });

  it('forgets the form once the claim is submitted', () => {
    keepClaimForm(POLICY, 'claim-1', { description: 'x' });
    forgetClaimForm(POLICY);
    expect(readKeptClaimForm(POLICY)).toBeNull();
  });

  it.each([
    ['not JSON', '{'],
    ['no claim', JSON.stringify({ fields: {} })],
    ['no fields', JSON.stringify({ claimId: 'claim-1' })],
    ['fields not an object', JSON.stringify({ claimId: 'claim-1', fields: 'x' })],
  ])('reads a kept form that is %s as none', (_, raw) => {
    sessionStorage.setItem(`lionrock.claim-form.${POLICY}`, raw);
    expect(readKeptClaimForm(POLICY)).toBeNull();
  });

  it('goes on when the browser refuses storage: nothing kept, nothing thrown', () => {
    const refused = () => {
      throw new Error('SecurityError');
    };
    vi.stubGlobal('sessionStorage', { getItem: refused, setItem: refused, removeItem: refused });
    expect(() => keepClaimForm(POLICY, 'claim-1', { description: 'x' })).not.toThrow();
    expect(readKeptClaimForm(POLICY)).toBeNull();
    expect(() => forgetClaimForm(POLICY)).not.toThrow();
  });
});
