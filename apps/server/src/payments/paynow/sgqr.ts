/**
 * The SGQR (EMVCo merchant-presented) payload for PayNow (design section 6):
 * 00 "01", 01 "12" (dynamic), 26 PayNow account (00 SG.PAYNOW, 01 proxy type 2 = UEN, 02 the UEN,
 * 03 amount editable "0", 04 expiry YYYYMMDD), 52 "0000", 53 "702", 54 amount, 58 "SG",
 * 59 merchant name, 60 city, 62/01 the bill number (txnRef), 63 CRC-16/CCITT-FALSE over all before it.
 */
export type TPaynowPayload = {
  uen: string;
  amount: string;
  merchantName: string;
  merchantCity: string;
  txnRef: string;
  /** The date after which the bank refuses the QR, YYYYMMDD in Singapore time. */
  expiryDate: string;
};

/** The light border around a rendered QR, in modules: ISO/IEC 18004 asks for at least 4 so banking apps lock on. */
export const PAYNOW_QR_QUIET_ZONE_MODULES = 4;

function tlv(tag: string, value: string): string {
  if (value.length > 99) throw new RangeError(`SGQR field ${tag} is longer than 99 characters`);
  return `${tag}${String(value.length).padStart(2, '0')}${value}`;
}

/** CRC-16/CCITT-FALSE: polynomial 0x1021, initial value 0xFFFF, no reflection, no final XOR. */
export function crc16CcittFalse(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

export function buildPaynowPayload(payload: TPaynowPayload): string {
  const account = [
    tlv('00', 'SG.PAYNOW'),
    tlv('01', '2'),
    tlv('02', payload.uen),
    tlv('03', '0'),
    tlv('04', payload.expiryDate),
  ].join('');
  const body = [
    tlv('00', '01'),
    tlv('01', '12'),
    tlv('26', account),
    tlv('52', '0000'),
    tlv('53', '702'),
    tlv('54', payload.amount),
    tlv('58', 'SG'),
    tlv('59', payload.merchantName.slice(0, 25)),
    tlv('60', payload.merchantCity.slice(0, 15)),
    tlv('62', tlv('01', payload.txnRef)),
  ].join('');
  const withCrcTag = `${body}6304`;
  return `${withCrcTag}${crc16CcittFalse(withCrcTag)}`;
}

/** Reads a TLV string back into tag → value (nested templates stay strings; parse them again). */
export function parseTlv(text: string): Map<string, string> {
  const fields = new Map<string, string>();
  let index = 0;
  while (index < text.length) {
    const tag = text.slice(index, index + 2);
    const length = Number(text.slice(index + 2, index + 4));
    if (!/^\d{2}$/.test(tag) || !Number.isInteger(length) || index + 4 + length > text.length) {
      throw new SyntaxError(`malformed TLV at ${index}`);
    }
    fields.set(tag, text.slice(index + 4, index + 4 + length));
    index += 4 + length;
  }
  return fields;
}
