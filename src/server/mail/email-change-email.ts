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

/**
 * Sent to the address in use when a change is asked for: a teacher whose sign-in was taken
 * learns of it before the change happens, and can stop it (a password change or sign out
 * everywhere cancels every pending change).
 */
export function emailChangeNoticeEmail(to: { currentEmail: string; newEmail: string; displayName: string }): Email {
  const text = [
    `Hello ${to.displayName},`,
    "",
    `Someone signed in to your Cluehunt account asked to change its email address to ${to.newEmail}.`,
    "Nothing changes until the link we sent to that address is opened.",
    "",
    "If this was you, there is nothing to do.",
    "If it was not, sign in and change your password, or use \"Sign out everywhere\" on your account page: either signs everyone else out and cancels the change.",
  ].join("\n");
  const html = `<p>Hello ${escapeHtml(to.displayName)},</p>
<p>Someone signed in to your Cluehunt account asked to change its email address to <strong>${escapeHtml(to.newEmail)}</strong>.
Nothing changes until the link we sent to that address is opened.</p>
<p>If this was you, there is nothing to do.</p>
<p>If it was not, sign in and change your password, or use &ldquo;Sign out everywhere&rdquo; on your account page: either signs everyone else out and cancels the change.</p>`;
  return { to: to.currentEmail, subject: "Your Cluehunt email address is being changed", text, html };
}
