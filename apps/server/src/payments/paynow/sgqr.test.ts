import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { buildPaynowPayload, crc16CcittFalse, parseTlv } from './sgqr.ts';

// jsqr is CommonJS with a default export: Vitest hands over the function, Node's type view the module.
type TDecode = (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null;
const jsQR = ((jsQRModule as unknown as { default?: TDecode }).default ?? jsQRModule) as unknown as TDecode;

describe('PayNow SGQR payload', () => {
  const payload = {
    uen: '201912345R',
    amount: '45.50',
    merchantName: 'LIONROCK INSURANCE',
    merchantCity: 'Singapore',
    txnRef: 'PN2611230001',
    expiryDate: '20261123',
  };

  it('computes CRC-16/CCITT-FALSE (check value of "123456789" is 29B1)', () => {
    expect(crc16CcittFalse('123456789')).toBe('29B1');
    expect(crc16CcittFalse('')).toBe('FFFF');
  });

  it('holds every tag the spec names, with a valid CRC', () => {
    const text = buildPaynowPayload(payload);
    const tags = parseTlv(text);
    expect(tags.get('00')).toBe('01');
    expect(tags.get('01')).toBe('12');
    const account = parseTlv(tags.get('26')!);
    expect(Object.fromEntries(account)).toEqual({
      '00': 'SG.PAYNOW',
      '01': '2',
      '02': '201912345R',
      '03': '0',
      '04': '20261123',
    });
    expect(tags.get('52')).toBe('0000');
    expect(tags.get('53')).toBe('702');
    expect(tags.get('54')).toBe('45.50');
    expect(tags.get('58')).toBe('SG');
    expect(tags.get('59')).toBe('LIONROCK INSURANCE');
    expect(tags.get('60')).toBe('Singapore');
    expect(parseTlv(tags.get('62')!).get('01')).toBe('PN2611230001');
    expect(text.slice(-8, -4)).toBe('6304');
    expect(tags.get('63')).toBe(crc16CcittFalse(text.slice(0, -4)));
  });

  it('survives the round trip through a QR PNG read back by a decoder', async () => {
    const text = buildPaynowPayload(payload);
    const png = PNG.sync.read(
      await QRCode.toBuffer(text, { errorCorrectionLevel: 'M', margin: 2, width: 360 }),
    );
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(decoded?.data).toBe(text);
  });

  it('refuses oversize fields and malformed TLV', () => {
    expect(() => buildPaynowPayload({ ...payload, txnRef: 'X'.repeat(100) })).toThrow(RangeError);
    expect(() => parseTlv('0002')).toThrow(SyntaxError);
    expect(() => parseTlv('xx01a')).toThrow(SyntaxError);
  });
});
