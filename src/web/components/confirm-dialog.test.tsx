/** The confirmation before what cannot be undone: Cancel first, a busy confirm ignored, Escape cancels. */
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ConfirmDialog } from "./confirm-dialog.tsx";

function drawDialog(props: { open: boolean; busy?: boolean; error?: string | null }) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  const element = (open: boolean, busy = props.busy, error = props.error) => (
    <ConfirmDialog
      open={open}
      title="Delete this class?"
      confirmLabel="Delete"
      cancelLabel="Cancel"
      busy={busy}
      error={error}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      Sessions already started with it keep their own copy of the names.
    </ConfirmDialog>
  );
  const drawn = render(element(props.open));
  return { onConfirm, onCancel, rerender: (open: boolean, busy?: boolean) => drawn.rerender(element(open, busy)) };
}

const dialogOf = () => document.querySelector("dialog")!;

describe("ConfirmDialog", () => {
  it("is shown as a modal only while open, with its question, its detail, and Cancel holding the focus", () => {
    const dialog = drawDialog({ open: false });
    expect(dialogOf().open).toBe(false);
    expect(screen.queryByRole("heading")).toBeNull();

    dialog.rerender(true);
    expect(dialogOf().open).toBe(true);
    expect(screen.getByRole("heading", { name: "Delete this class?" })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Cancel" }));

    dialog.rerender(false);
    expect(dialogOf().open).toBe(false);
  });

  it("confirms once pressed, but not while busy, when the button says so instead of being disabled", () => {
    const dialog = drawDialog({ open: true, busy: true });
    const confirm = screen.getByRole("button", { name: "Delete" });
    expect(confirm.getAttribute("aria-disabled")).toBe("true");
    fireEvent.click(confirm);
    expect(dialog.onConfirm).not.toHaveBeenCalled();

    dialog.rerender(true, false);
    fireEvent.click(screen.getByRole("button", { name: "Delete" }));
    expect(dialog.onConfirm).toHaveBeenCalledTimes(1);
    expect(dialog.onCancel).not.toHaveBeenCalled();
  });

  it("cancels on Escape (the dialog's cancel event) and on Cancel, and shows an error as an alert", () => {
    const dialog = drawDialog({ open: true, error: "Could not delete the class." });
    expect(screen.getByRole("alert").textContent).toBe("Could not delete the class.");
    const escape = new Event("cancel", { cancelable: true });
    dialogOf().dispatchEvent(escape);
    expect(escape.defaultPrevented).toBe(true);
    expect(dialog.onCancel).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(dialog.onCancel).toHaveBeenCalledTimes(2);
  });
});
