/**
 * A child on a shared tablet after their name: the other children in the reader's language's list
 * ("Cian and Saoirse", "Cian agus Saoirse"), whose turn it is only on that child's line, and
 * nothing at all for a child alone on their device.
 */
import { afterEach, describe, expect, it } from "vitest";
import { renderInPage } from "../../../tests/support/web-components.tsx";
import { activateLanguage, translate } from "../lib/i18n/i18n.ts";
import { namesList, TabletMark } from "./tablet-mark.tsx";

describe("a child's tablet after their name", () => {
  afterEach(async () => {
    await activateLanguage("en", ["pupil", "teacher"]);
  });

  it("names the other children, joined as English joins them, and marks whose turn it is", () => {
    const { container } = renderInPage(<TabletMark name="Aoife" tablet={{ with: ["Cian", "Saoirse"], turn: true }} />);
    expect(container.querySelector(".tablet-with")?.textContent).toBe("on one tablet with Cian and Saoirse");
    expect(container.querySelector(".tablet-turn")?.textContent).toBe("Aoife's turn");
    // Read after the name as words, not run together: "Aoife on one tablet with Cian and Saoirse Aoife's turn".
    expect(container.textContent).toBe(" on one tablet with Cian and Saoirse Aoife's turn");
  });

  it("says nothing of a turn that is another child's; three names take commas", () => {
    const { container } = renderInPage(
      <TabletMark name="Cian" tablet={{ with: ["Aoife", "Saoirse", "Dara"], turn: false }} />,
    );
    expect(container.textContent).toBe(" on one tablet with Aoife, Saoirse and Dara");
    expect(container.querySelector(".tablet-turn")).toBeNull();
  });

  it("joins one name to five as a sentence does: commas, and the last after 'and'", () => {
    const t = translate;
    expect(namesList(["Cian"], t)).toBe("Cian");
    expect(namesList(["Cian", "Saoirse"], t)).toBe("Cian and Saoirse");
    expect(namesList(["Aoife", "Cian", "Dara", "Éabha", "Saoirse"], t)).toBe("Aoife, Cian, Dara, Éabha and Saoirse");
  });

  it("draws nothing for a child alone on their device", () => {
    const { container } = renderInPage(<TabletMark name="Dara" tablet={null} />);
    expect(container.innerHTML).toBe("");
  });

  it("reads in Irish to a reader of Irish, the names joined with agus", async () => {
    await activateLanguage("ga", ["pupil", "teacher"]);
    const { container } = renderInPage(
      <TabletMark name="Aoife" tablet={{ with: ["Cian", "Saoirse", "Dara"], turn: true }} />,
    );
    expect(container.querySelector(".tablet-with")?.textContent).toBe("ar aon táibléad le Cian, Saoirse agus Dara");
    expect(container.querySelector(".tablet-turn")?.textContent).toBe("Seal Aoife");
    // "le" puts h before a vowel.
    const vowel = renderInPage(<TabletMark name="Cian" tablet={{ with: ["Aoife", "Úna"], turn: false }} />);
    expect(vowel.container.querySelector(".tablet-with")?.textContent).toBe("ar aon táibléad le hAoife agus Úna");
  });
});
