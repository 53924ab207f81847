import { useT } from "../lib/i18n/language.tsx";

/**
 * The `<option>`s of a `<select>`: each value is its own label, or, with `nameKey`, is shown by
 * its catalogue name in the reader's language while the value itself stays as stored.
 */
export function SelectOptions({
  values,
  nameKey,
}: {
  values: readonly (string | number)[];
  nameKey?: (value: string) => string;
}) {
  const t = useT();
  return values.map((value) => (
    <option key={value} value={value}>
      {nameKey ? t(nameKey(String(value))) : value}
    </option>
  ));
}
