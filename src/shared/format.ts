/**
 * Dates in the Irish English locale (SPEC section 9), or in Irish; 'N/A' for a
 * missing or broken date ('N/B', níl bainteach, in Irish). Irish is written out here rather
 * than by `Intl` with `ga-IE`:
 * Chromium's own builds (Debian's among them) carry no Irish date data and fall back to
 * American English ("Nov 24, 2026, 07:23 PM"), and where the data exists its short months
 * ("MFómh", "DFómh") are not what a school writes. Full month names read the same everywhere.
 */
const IRISH_MONTHS = [
  "Eanáir",
  "Feabhra",
  "Márta",
  "Aibreán",
  "Bealtaine",
  "Meitheamh",
  "Iúil",
  "Lúnasa",
  "Meán Fómhair",
  "Deireadh Fómhair",
  "Samhain",
  "Nollaig",
] as const;

const isIrish = (locale: string) => locale === "ga" || locale.startsWith("ga-");
const notAvailable = (locale: string) => (isIrish(locale) ? "N/B" : "N/A");
const twoDigits = (n: number) => String(n).padStart(2, "0");

function dateOf(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '17 Mar 2026, 09:05' (en-IE), '17 Márta 2026, 09:05' (ga-IE), in the reader's time zone. */
export function formatDateTime(value: string | Date | null | undefined, locale = "en-IE"): string {
  const date = dateOf(value);
  if (!date) return notAvailable(locale);
  if (isIrish(locale))
    return `${formatDate(date, locale)}, ${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
  return date.toLocaleString(locale, {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  });
}

/** A day: '23 December 2026' (en-IE), '23 Nollaig 2026' (ga-IE); 'N/A' for a missing or broken date. */
export function formatDate(value: string | Date | null | undefined, locale = "en-IE"): string {
  const date = dateOf(value);
  if (!date) return notAvailable(locale);
  if (isIrish(locale)) return `${date.getDate()} ${IRISH_MONTHS[date.getMonth()]} ${date.getFullYear()}`;
  return date.toLocaleDateString(locale, { day: "numeric", month: "long", year: "numeric" });
}

const IRISH_WEEKDAYS = [
  "Dé Domhnaigh",
  "Dé Luain",
  "Dé Máirt",
  "Dé Céadaoin",
  "Déardaoin",
  "Dé hAoine",
  "Dé Sathairn",
] as const;

/**
 * A day within the coming fortnight, in words (a homework closing time): 'Friday 4 December'
 * (en-IE), 'Dé hAoine 4 Nollaig' (ga-IE), in the reader's time zone; 'N/A' for a missing or broken date.
 */
export function formatWeekday(value: string | Date | null | undefined, locale = "en-IE"): string {
  const date = dateOf(value);
  if (!date) return notAvailable(locale);
  if (isIrish(locale)) return `${IRISH_WEEKDAYS[date.getDay()]} ${date.getDate()} ${IRISH_MONTHS[date.getMonth()]}`;
  const weekday = date.toLocaleDateString(locale, { weekday: "long" });
  const month = date.toLocaleDateString(locale, { month: "long" });
  return `${weekday} ${date.getDate()} ${month}`;
}

/** The time of day on the 24-hour clock, as Irish schools write it: '15:00'; 'N/A' for a missing or broken date. */
export function formatTime(value: string | Date | null | undefined, locale = "en-IE"): string {
  const date = dateOf(value);
  if (!date) return notAvailable(locale);
  return `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
}
