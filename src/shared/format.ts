/** Dates in the Irish English locale (SPEC section 9), or in Irish (`ga-IE`, issue 17); 'N/A' for a missing or broken date. */
export function formatDateTime(value: string | Date | null | undefined, locale = "en-IE"): string {
  if (value === null || value === undefined || value === "") return "N/A";
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return "N/A";
  return date.toLocaleString(locale, { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" });
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** A day in the Irish English locale: '23 Dec 2026'; 'N/A' for a missing or broken date. */
export function formatDate(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === "") return "N/A";
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return "N/A";
  return date.toLocaleDateString("en-IE", { day: "numeric", month: "long", year: "numeric" });
}
