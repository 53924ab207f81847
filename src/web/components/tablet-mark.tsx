/**
 * A child sharing a tablet with others of their group (decision 048), as the teacher's pages show
 * it after the child's name: "on one tablet with Cian and Saoirse" (the names joined in the reader's
 * language) and, when it is this child's turn, "Aoife's turn", so that a tablet stalled on one
 * child stands out. The codes page's who has joined and the results' student rows. Nothing for a
 * child alone on their device.
 */
import { msg } from "../../shared/i18n/messages.ts";
import type { MemberTablet } from "../../shared/sessions/session-responses.ts";
import { type Translate, useLanguage, useT } from "../lib/i18n/language.tsx";
import "../styles/tablet-marks.css";

/**
 * "Cian", "Cian and Saoirse", "Aoife, Cian and Saoirse" in the reader's language, from the catalogue:
 * not Intl.ListFormat, whose Irish a browser may not have (Chromium's joined Irish names with "and").
 */
export function namesList(names: readonly string[], t: Translate): string {
  if (names.length < 2) return names.join("");
  return t(msg("sessions.tablet.namesAnd", { names: names.slice(0, -1).join(", "), last: names.at(-1)! }));
}

/** Irish "le" puts h before a vowel: "le hAoife", "le Cian" (a placeholder cannot carry the mutation). */
export const afterLe = (names: string) => (/^[aeiouáéíóú]/i.test(names) ? `h${names}` : names);

export function TabletMark({ name, tablet }: { name: string; tablet: MemberTablet | null }) {
  const t = useT();
  const { language } = useLanguage();
  if (!tablet) return null;
  const listed = namesList(tablet.with, t);
  const names = language === "ga" ? afterLe(listed) : listed;
  // The spaces are for the words read as one (a screen reader's row header, a copied line); the layout ignores them.
  return (
    <>
      {" "}
      <span className="tablet-mark">
        <span className="tablet-with">{t(msg("sessions.tablet.with", { names }))}</span>
        {tablet.turn ? (
          <>
            {" "}
            <span className="tablet-turn">{t(msg("sessions.tablet.turn", { name }))}</span>
          </>
        ) : null}
      </span>
    </>
  );
}
