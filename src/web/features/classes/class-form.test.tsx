/**
 * A saved class's form on its own: the checks it makes before sending (in the server's words,
 * the field to put right marked and focused), the count of names it shows, and what it sends.
 */
import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderInPage } from "../../../../tests/support/web-components.tsx";
import { CLASS_LIST_MAX_NAMES, classListMessages } from "../../../shared/classes/class-list.ts";
import { classMessages } from "../../../shared/classes/saved-classes.ts";
import { inEnglish } from "../../../shared/i18n/translator.ts";
import { ClassForm } from "./class-form.tsx";

function drawForm(options: { busy?: boolean; error?: unknown } = {}) {
  const onSubmit = vi.fn();
  renderInPage(
    <ClassForm
      initial={{ name: "", level: null, names: "" }}
      submitLabel="Save class"
      busyLabel="Saving..."
      busy={options.busy ?? false}
      error={options.error ?? null}
      onSubmit={onSubmit}
    />,
  );
  const name = screen.getByLabelText("Class name") as HTMLInputElement;
  const level = screen.getByLabelText("Class level (optional)") as HTMLSelectElement;
  const names = screen.getByLabelText("Class list") as HTMLTextAreaElement;
  const type = (field: HTMLInputElement | HTMLTextAreaElement, text: string) =>
    fireEvent.change(field, { target: { value: text } });
  const save = () => fireEvent.click(screen.getByRole("button", { name: "Save class" }));
  return { onSubmit, name, level, names, type, save };
}

const alertText = () => screen.getByRole("alert").textContent;

describe("the saved class's form", () => {
  it("refuses a class without a name before sending anything: says so, marks the name and gives it the focus", () => {
    const form = drawForm();
    form.type(form.names, "Aoife\nCiarán");
    form.type(form.name, "   ");
    form.save();
    expect(alertText()).toBe(inEnglish(classMessages.nameRequired));
    expect(form.name.getAttribute("aria-invalid")).toBe("true");
    expect(form.names.getAttribute("aria-invalid")).toBe("false");
    expect(document.activeElement).toBe(form.name);
    expect(form.onSubmit).not.toHaveBeenCalled();
  });

  it("refuses a list with no names, then one with too many, in the class list's own words, the focus on the list", () => {
    const form = drawForm();
    form.type(form.name, "3rd Class 2026");
    form.type(form.names, " \n\n  \n");
    form.save();
    expect(alertText()).toBe(inEnglish(classMessages.namesRequired));
    expect(form.names.getAttribute("aria-invalid")).toBe("true");
    expect(form.name.getAttribute("aria-invalid")).toBe("false");
    expect(document.activeElement).toBe(form.names);

    const tooMany = Array.from({ length: CLASS_LIST_MAX_NAMES + 1 }, (_, n) => `Pupil ${n + 1}`).join("\n");
    form.type(form.names, tooMany);
    form.save();
    expect(alertText()).toBe(inEnglish(classListMessages.tooMany));
    expect(form.onSubmit).not.toHaveBeenCalled();
  });

  it("counts the names the list holds once blank lines and repeats (as names compare) are dropped", () => {
    const form = drawForm();
    expect(screen.queryByText(/pupils?$/)).toBeNull();
    form.type(form.names, "Aoife\n\nAOIFE\nCiarán\n");
    expect(screen.getByText("2 pupils")).toBeTruthy();
    form.type(form.names, "Siobhán");
    expect(screen.getByText("1 pupil")).toBeTruthy();
  });

  it("sends the class once it is right, the level chosen or none, and the problem shown before is gone", () => {
    const form = drawForm();
    form.save();
    expect(alertText()).toBe(inEnglish(classMessages.nameRequired));
    form.type(form.name, "3rd Class 2026");
    form.type(form.names, "Aoife\nCiarán");
    form.save();
    expect(form.onSubmit).toHaveBeenLastCalledWith({ name: "3rd Class 2026", level: null, names: "Aoife\nCiarán" });
    expect(screen.queryByRole("alert")).toBeNull();

    fireEvent.change(form.level, { target: { value: "3rd Class" } });
    form.save();
    expect(form.onSubmit).toHaveBeenLastCalledWith({
      name: "3rd Class 2026",
      level: "3rd Class",
      names: "Aoife\nCiarán",
    });
  });

  it("shows the server's refusal in the reader's words", () => {
    drawForm({ error: new Error(classMessages.notFound) });
    expect(alertText()).toBe(inEnglish(classMessages.notFound));
  });

  it("while saving, says so on its button and sends nothing", () => {
    const busy = drawForm({ busy: true });
    const button = screen.getByRole("button", { name: "Saving..." }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    busy.type(busy.name, "3rd Class 2026");
    busy.type(busy.names, "Aoife");
    fireEvent.submit(button.form!);
    expect(busy.onSubmit).not.toHaveBeenCalled();
  });
});
