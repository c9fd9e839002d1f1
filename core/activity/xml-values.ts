/**
 * Text values of GPX and TCX elements turned into numbers: decimals and ISO 8601 timestamps.
 * Both run once or more per track point, so they parse by hand without allocating.
 */

const CODE_0 = 48;
const CODE_9 = 57;

function isDigit(code: number): boolean {
  return code >= CODE_0 && code <= CODE_9;
}

function hasDigit(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    if (isDigit(text.charCodeAt(i))) {
      return true;
    }
  }
  return false;
}

/** Exact powers of ten as doubles (10^0 … 10^22 are all exactly representable). */
const POWERS_OF_TEN = Array.from({ length: 23 }, (_, i) => 10 ** i);
/** Digits that still fit a double's 53-bit integer exactly. */
const MAX_FAST_DIGITS = 15;

/**
 * A decimal number, or NaN. `Number` alone would read an empty or blank value as 0 — a point at
 * 0°N 0°E — where spec §5 wants a point with non-numeric coordinates skipped.
 *
 * The common shape, `-46.0569033`, is read by hand: its digits form an exact integer and one
 * division by an exact power of ten is correctly rounded, so the result is bit for bit what
 * `Number` returns, without its general-purpose parsing (a few hundred thousand calls per file).
 * Anything else (exponents, spaces, "+", very long mantissas) goes through `Number`.
 */
export function parseXmlNumber(text: string): number {
  const length = text.length;
  let i = 0;
  let negative = false;
  if (length > 0 && text.charCodeAt(0) === 45 /* - */) {
    negative = true;
    i = 1;
  }
  let mantissa = 0;
  let digits = 0;
  let decimals = -1;
  for (; i < length; i += 1) {
    const code = text.charCodeAt(i);
    if (isDigit(code)) {
      mantissa = mantissa * 10 + (code - CODE_0);
      digits += 1;
      if (decimals >= 0) {
        decimals += 1;
      }
    } else if (code === 46 /* . */ && decimals < 0) {
      decimals = 0;
    } else {
      break;
    }
  }
  if (i === length && digits > 0 && digits <= MAX_FAST_DIGITS && decimals !== 0) {
    const value = decimals > 0 ? mantissa / (POWERS_OF_TEN[decimals] as number) : mantissa;
    return negative ? -value : value;
  }
  const value = Number(text);
  return value === 0 && !hasDigit(text) ? Number.NaN : value;
}

/** `count` decimal digits at `start` as a number, or -1 when any is not a digit. */
function readDigits(text: string, start: number, count: number): number {
  let value = 0;
  for (let i = start; i < start + count; i += 1) {
    const code = text.charCodeAt(i);
    if (!isDigit(code)) {
      return -1;
    }
    value = value * 10 + (code - CODE_0);
  }
  return value;
}

/** The last day looked up: a track's points share their date, so Date.UTC runs about once. */
let cachedDayKey = -1;
let cachedDayStart = 0;

/** Midnight UTC of a date in ms since the epoch (days beyond a month's end roll over, as Date.UTC does). */
function startOfDay(year: number, month: number, day: number): number {
  const key = (year * 100 + month) * 100 + day;
  if (key !== cachedDayKey) {
    let start = Date.UTC(year, month - 1, day);
    if (year < 100) {
      // Date.UTC reads years 0–99 as 1900–1999.
      const date = new Date(start);
      date.setUTCFullYear(year);
      start = date.getTime();
    }
    cachedDayKey = key;
    cachedDayStart = start;
  }
  return cachedDayStart;
}

/**
 * Milliseconds since the epoch for `YYYY-MM-DDTHH:mm:ss[.fraction][Z|±hh:mm]`, or NaN.
 * Accepts any number of fractional digits (GPSBabel writes seven: "52.2073437Z"), years before 1970
 * (Mojstrovka.gpx says 1901), a space instead of "T", and no zone at all — which GPX 1.1 and TCX
 * both define as UTC, so it is read as UTC and not as the server's local time.
 */
export function parseIsoTimestamp(text: string): number {
  let start = 0;
  let end = text.length;
  while (start < end && text.charCodeAt(start) <= 32) {
    start += 1;
  }
  while (end > start && text.charCodeAt(end - 1) <= 32) {
    end -= 1;
  }
  if (end - start < 19) {
    return Number.NaN;
  }
  const s = start;
  const separatorT = text[s + 10];
  if (
    text[s + 4] !== '-' ||
    text[s + 7] !== '-' ||
    (separatorT !== 'T' && separatorT !== 't' && separatorT !== ' ') ||
    text[s + 13] !== ':' ||
    text[s + 16] !== ':'
  ) {
    return Number.NaN;
  }
  const year = readDigits(text, s, 4);
  const month = readDigits(text, s + 5, 2);
  const day = readDigits(text, s + 8, 2);
  const hour = readDigits(text, s + 11, 2);
  const minute = readDigits(text, s + 14, 2);
  const second = readDigits(text, s + 17, 2);
  if (year < 0 || month < 1 || month > 12 || day < 1 || day > 31 || hour < 0 || hour > 24 || minute < 0) {
    return Number.NaN;
  }
  if (minute > 59 || second < 0 || second > 60) {
    return Number.NaN;
  }
  let i = s + 19;
  let fractionMs = 0;
  const fractionMark = text[i];
  if (fractionMark === '.' || fractionMark === ',') {
    i += 1;
    let digits = 0;
    let scale = 100;
    while (i < end && isDigit(text.charCodeAt(i))) {
      fractionMs += (text.charCodeAt(i) - CODE_0) * scale;
      scale /= 10;
      digits += 1;
      i += 1;
    }
    if (digits === 0) {
      return Number.NaN;
    }
  }
  let offsetMinutes = 0;
  if (i < end) {
    const zone = text[i];
    if ((zone === 'Z' || zone === 'z') && i + 1 === end) {
      offsetMinutes = 0;
    } else if (zone === '+' || zone === '-') {
      const hours = readDigits(text, i + 1, 2);
      const hasColon = text[i + 3] === ':';
      const minutes = readDigits(text, i + (hasColon ? 4 : 3), 2);
      if (hours < 0 || minutes < 0 || i + (hasColon ? 6 : 5) !== end) {
        return Number.NaN;
      }
      offsetMinutes = (zone === '-' ? -1 : 1) * (hours * 60 + minutes);
    } else {
      return Number.NaN;
    }
  }
  const time = startOfDay(year, month, day) + ((hour * 60 + minute) * 60 + second) * 1000;
  return time + fractionMs - offsetMinutes * 60_000;
}
