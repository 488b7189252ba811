/**
 * The same text with plain ASCII digits and signs: every decimal digit of any script becomes 0–9 (Unicode
 * keeps each script's digits in one run of ten, 0 first), full-width forms become their ASCII letters,
 * the Arabic percent sign and the minus signs become `%` and `-`, and invisible format characters (the
 * direction marks Intl puts before a negative number in Hebrew, Arabic or Persian, a zero-width space from
 * a paste) go away.
 */
export function plainText(text: string): string {
  return text
    .replace(/\p{Cf}/gu, '')
    .replace(/\p{Nd}/gu, (digit) => {
      if (digit >= '0' && digit <= '9') return digit
      let zero = digit.codePointAt(0)!
      while (/\p{Nd}/u.test(String.fromCodePoint(zero - 1))) zero--
      return String((digit.codePointAt(0)! - zero) % 10)
    })
    .replace(/[\uff01-\uff5e]/gu, (wide) => String.fromCharCode(wide.charCodeAt(0) - 0xfee0))
    .replace(/\u066a/gu, '%')
    .replace(/[\u2212\ufe63]/gu, '-')
}
