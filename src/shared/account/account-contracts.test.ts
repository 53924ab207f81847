import { describe, expect, it } from "vitest";
import { ChangePasswordSchema, confirmsDeletion } from "./account-contracts.ts";

describe("account contracts", () => {
  it("deletes only when the typed text is the account's email", () => {
    expect(confirmsDeletion("aoife@scoil.ie", "aoife@scoil.ie")).toBe(true);
    expect(confirmsDeletion("  Aoife@Scoil.ie ", "aoife@scoil.ie")).toBe(true);
    expect(confirmsDeletion("delete", "aoife@scoil.ie")).toBe(false);
    expect(confirmsDeletion("aoife@scoil.i", "aoife@scoil.ie")).toBe(false);
    expect(confirmsDeletion("", "")).toBe(false);
  });

  it("asks for the current password and a new one long enough", () => {
    expect(
      ChangePasswordSchema.safeParse({ currentPassword: "", newPassword: "long-enough" }).error?.issues[0]?.message,
    ).toBe("account.currentPasswordRequired");
    expect(
      ChangePasswordSchema.safeParse({ currentPassword: "old-password", newPassword: "short" }).error?.issues[0]
        ?.message,
    ).toMatch(/^auth\.passwordTooShort\|/);
    expect(
      ChangePasswordSchema.safeParse({ currentPassword: "old-password", newPassword: "long-enough" }).success,
    ).toBe(true);
  });
});
