import type { Email } from "./mailer.ts";

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** Sent to the new address: the change happens only when its owner opens the link. */
export function emailChangeEmail(to: { newEmail: string; displayName: string }, link: string): Email {
  const text = [
    `Hello ${to.displayName},`,
    "",
    "Someone asked to use this address for a Cluehunt teacher account.",
    "Open this link within one hour to confirm it (it works once):",
    "",
    link,
    "",
    "If you did not ask for this, ignore this email: nothing changes.",
  ].join("\n");
  const html = `<p>Hello ${escapeHtml(to.displayName)},</p>
<p>Someone asked to use this address for a Cluehunt teacher account.
Open this link within one hour to confirm it (it works once):</p>
<p><a href="${escapeHtml(link)}">Confirm this email address</a></p>
<p>If you did not ask for this, ignore this email: nothing changes.</p>`;
  return { to: to.newEmail, subject: "Confirm your new Cluehunt email address", text, html };
}
