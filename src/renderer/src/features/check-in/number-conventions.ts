import type { NumberSettings } from '@shared/domain/number-settings'

/**
 * How a person writes numbers: their locale, and the decimal sign, separator and digits they set in the
 * OS (Windows' regional settings, macOS's), which win over the locale's. A plain locale tag where they set
 * nothing of their own.
 */
export type NumberLocale = string | ({ locale: string } & NumberSettings)

/** The locale tag alone, for what the person's own signs do not change (currencies, dates). */
export const localeTag = (numbers: NumberLocale): string =>
  typeof numbers === 'string' ? numbers : numbers.locale

/**
 * The locale numbers are read in: the one the OS writes numbers in, when main knows it (Windows' regional
 * format, macOS's region), else the person's first language (the page's); with the person's own settings
 * where they made any.
 */
export function numberLocaleFrom(
  system: string | null,
  languages: readonly string[],
  settings?: NumberSettings | null,
): NumberLocale {
  const locale = system ?? languages[0] ?? 'en-US'
  if (!settings || (settings.decimal === null && settings.group === null && settings.digits === null)) {
    return locale
  }
  return { locale, ...settings }
}
