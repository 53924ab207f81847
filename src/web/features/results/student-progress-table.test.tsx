/**
 * The results' student rows with children sharing a tablet: under each child's name, the other
 * children on it and, on the child whose turn it is, the turn; a child alone on a device, neither.
 */
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderInPage } from "../../../../tests/support/web-components.tsx";
import type { GameResults, StudentResult } from "../../../shared/results/results.ts";
import type { MemberTablet } from "../../../shared/sessions/session-responses.ts";
import { StudentProgressTable } from "./student-progress-table.tsx";

const student = (studentName: string, completedQuestionsCount: number, tablet: MemberTablet | null): StudentResult => ({
  progressId: `p-${studentName}`,
  studentName,
  groupIdentifier: "yellow-square",
  gameId: "g",
  completedQuestionsCount,
  firstAttemptCorrectCount: completedQuestionsCount,
  helpRequested: false,
  startedAt: "2026-11-29T09:00:00.000Z",
  completedAt: null,
  answers: [],
  finds: [],
  tablet,
});

const games: GameResults[] = [{ game: { id: "g", title: "Bia", questionCount: 3 }, questions: [], students: [] }];

describe("the results' student rows", () => {
  it("name each child's tablet under their name and mark whose turn it is", () => {
    renderInPage(
      <StudentProgressTable
        students={[
          student("Aoife", 1, { with: ["Cian", "Saoirse"], turn: false }),
          student("Cian", 0, { with: ["Aoife", "Saoirse"], turn: true }),
          student("Saoirse", 0, { with: ["Aoife", "Cian"], turn: false }),
          student("Dara", 2, null),
        ]}
        games={games}
        onClearHelp={vi.fn()}
        clearing={false}
        onRemove={vi.fn()}
      />,
    );
    const nameCell = (name: string) =>
      screen.getAllByRole("rowheader").find((th) => th.textContent?.split(" ")[0] === name)!;
    expect(within(nameCell("Aoife")).getByText("on one tablet with Cian and Saoirse")).toBeTruthy();
    expect(within(nameCell("Cian")).getByText("Cian's turn")).toBeTruthy();
    expect(nameCell("Saoirse").textContent).toBe("Saoirse on one tablet with Aoife and Cian");
    expect(nameCell("Dara").textContent).toBe("Dara");
    expect(screen.getAllByText(/'s turn$/)).toHaveLength(1);
  });
});
