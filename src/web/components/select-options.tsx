/** The `<option>`s of a `<select>` whose values are also its labels (subjects, levels, counts). */
export function SelectOptions({ values }: { values: readonly (string | number)[] }) {
  return values.map((value) => (
    <option key={value} value={value}>
      {value}
    </option>
  ));
}
