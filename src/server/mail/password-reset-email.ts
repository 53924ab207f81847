import type { Email } from "./mailer.ts";

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

export function passwordResetEmail(to: { email: string; displayName: string }, link: string): Email {
  const text = [
    `Hello ${to.displayName},`,
    "",
    "Someone asked to reset the password of your Cluehunt teacher account.",
    "Open this link within one hour to choose a new password (it works once):",
    "",
    link,
    "",
    "If you did not ask for this, ignore this email: your password stays as it is.",
  ].join("\n");
  const html = `<p>Hello ${escapeHtml(to.displayName)},</p>
<p>Someone asked to reset the password of your Cluehunt teacher account.
Open this link within one hour to choose a new password (it works once):</p>
<p><a href="${escapeHtml(link)}">Choose a new password</a></p>
<p>If you did not ask for this, ignore this email: your password stays as it is.</p>`;
  return { to: to.email, subject: "Reset your Cluehunt password", text, html };
}
