/** The Luhn (mod 10) check of card numbers: every second digit from the right doubled. */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The check digit that makes `payload` + digit pass Luhn (test card numbers are built with it). */
export function luhnCheckDigit(payload: string): string {
  for (let digit = 0; digit <= 9; digit += 1) if (isLuhnValid(`${payload}${digit}`)) return String(digit);
  throw new RangeError(`not a number: ${payload}`);
}
