/**
 * Join's step 2 on its own (the join request replaced): each child joined at
 * once, the players so far listed, a name twice on this tablet refused before any request, the
 * server's refusals beside the field, "That's everyone" starting with the players in turn order, a
 * child alone starting with one press more than their name, and what the device remembers.
 */
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { renderInPage } from "../../../../tests/support/web-components.tsx";
import { ApiError } from "../../../shared/api-errors.ts";
import { messageText, msg } from "../../../shared/i18n/messages.ts";
import { inEnglish } from "../../../shared/i18n/translator.ts";
import type { ClassListEntry } from "../../../shared/play/play-responses.ts";
import { rememberedTabletOfGroup } from "../../lib/tablet-memory.ts";
import { joinGroup } from "./join-api.ts";
import { type JoinedGroup, PlayersStep } from "./players-step.tsx";

vi.mock("./join-api.ts", () => ({ joinGroup: vi.fn(), lookupCode: vi.fn() }));
const join = vi.mocked(joinGroup);

const group = (classList: ClassListEntry[] | null = null): JoinedGroup => ({
  code: "482913",
  groupId: "group-1",
  groupIdentifier: "blue-triangle",
  sessionId: "session-1",
  gameTitle: "Sea Animals",
  pupilLanguage: "en",
  questionLanguage: "en",
  classList,
});

function drawStep(options: { classList?: ClassListEntry[] | null; players?: { progressId: string; name: string }[] }) {
  const onStart = vi.fn();
  const onBack = vi.fn();
  renderInPage(
    <PlayersStep
      group={group(options.classList ?? null)}
      initialPlayers={options.players ?? []}
      onStart={onStart}
      onBack={onBack}
    />,
  );
  return { onStart, onBack };
}

const nameField = () => screen.getByLabelText("Your Name") as HTMLInputElement;
const type = (text: string) => fireEvent.change(nameField(), { target: { value: text } });
const press = (name: string) => fireEvent.click(screen.getByRole("button", { name }));
const players = () =>
  screen.queryAllByRole("listitem").map((item) => item.querySelector(".player-name-text")?.textContent);

beforeEach(() => {
  localStorage.clear();
  join.mockReset();
  let n = 0;
  join.mockImplementation(async () => ({ progressId: `p${++n}` }));
});

describe("the players step", () => {
  it("joins each child at once, lists them in their colours, refuses a name twice without asking, and starts with everyone", async () => {
    const step = drawStep({});
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Confirm Group & Enter Name");
    type("Aoife");
    press("Add another player");
    await waitFor(() => expect(players()).toEqual(["Aoife"]));
    // A tablet now: the step asks who else plays, and its button starts with everyone.
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Who is playing on this tablet?");
    expect(screen.queryByRole("button", { name: "Join Game" })).toBeNull();
    expect(join).toHaveBeenCalledWith({ code: "482913", groupId: "group-1", name: "Aoife" });
    // The field is empty and has the focus again, for the next child.
    expect(nameField().value).toBe("");
    await waitFor(() => expect(document.activeElement).toBe(nameField()));
    // Each name in its own letter's colour (A green), the letter shown too.
    const aoife = screen.getByRole("listitem").querySelector<HTMLElement>(".player-name")!;
    expect(aoife.style.getPropertyValue("--player-colour")).toBe("#2e7d32");
    expect(aoife.querySelector(".player-letter")?.textContent).toBe("A");

    // The same name again, spelt otherwise: refused here, in the server's words, with no request.
    type(" AOIFE ");
    press("Add another player");
    expect(screen.getByRole("alert").textContent).toBe(
      inEnglish(messageText(msg("pupil.join.alreadyOnTablet", { name: "AOIFE" }))),
    );
    expect(join).toHaveBeenCalledTimes(1);

    type("Cian");
    press("That's everyone");
    await waitFor(() => expect(step.onStart).toHaveBeenCalledTimes(1));
    expect(step.onStart).toHaveBeenCalledWith([
      { progressId: "p1", name: "Aoife" },
      { progressId: "p2", name: "Cian" },
    ]);
    // Remembered for "Add a player" later.
    expect(rememberedTabletOfGroup("group-1")).toEqual({
      code: "482913",
      groupId: "group-1",
      players: [
        { progressId: "p1", name: "Aoife" },
        { progressId: "p2", name: "Cian" },
      ],
    });
  });

  it("shows the server's refusal beside the field and keeps the child's name to correct", async () => {
    join.mockRejectedValueOnce(new ApiError(409, "tablet_full", "pupil.join.tabletFull"));
    const step = drawStep({ players: [{ progressId: "p0", name: "Úna" }] });
    expect(players()).toEqual(["Úna"]);
    type("Saoirse");
    press("Add another player");
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(inEnglish("pupil.join.tabletFull")));
    expect(nameField().value).toBe("Saoirse");
    expect(nameField().getAttribute("aria-invalid")).toBe("true");
    expect(players()).toEqual(["Úna"]);
    // Nobody else: "That's everyone" with an empty field starts with the players already here.
    type("");
    press("That's everyone");
    expect(step.onStart).toHaveBeenCalledWith([{ progressId: "p0", name: "Úna" }]);
  });

  it("asks for a name before starting with nobody, and offers Back only before anyone joined", async () => {
    const step = drawStep({});
    press("Join Game");
    expect(screen.getByRole("alert").textContent).toBe(inEnglish("pupil.join.enterName"));
    expect(join).not.toHaveBeenCalled();
    press("Back");
    expect(step.onBack).toHaveBeenCalledTimes(1);
    type("Aoife");
    press("Add another player");
    await waitFor(() => expect(players()).toEqual(["Aoife"]));
    expect(screen.queryByRole("button", { name: "Back" })).toBeNull();
  });

  it("a child alone on the class list: their name, then That's everyone; names on this tablet say so and cannot be chosen", async () => {
    const classList = [
      { name: "Aoife", taken: false },
      { name: "Cian", taken: false },
      { name: "Seán", taken: true },
    ];
    const step = drawStep({ classList, players: [{ progressId: "p0", name: "Aoife" }] });
    const aoife = screen.getByRole("radio", { name: /^Aoife/ }) as HTMLInputElement;
    expect(aoife.disabled).toBe(true);
    expect(aoife.closest("label")?.textContent).toContain("(playing on this tablet)");
    expect((screen.getByRole("radio", { name: /^Seán/ }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByRole("radio", { name: /^Seán/ }).closest("label")?.textContent).toContain("(already joined)");

    fireEvent.click(screen.getByRole("radio", { name: "Cian" }));
    press("That's everyone");
    await waitFor(() => expect(step.onStart).toHaveBeenCalledTimes(1));
    expect(join).toHaveBeenCalledWith({ code: "482913", groupId: "group-1", name: "Cian" });
    expect(step.onStart).toHaveBeenCalledWith([
      { progressId: "p0", name: "Aoife" },
      { progressId: "p1", name: "Cian" },
    ]);
  });
});
