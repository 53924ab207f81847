import type { Language } from "../../shared/i18n/languages.ts";
import { emailWords, escapeHtml } from "./email-text.ts";
import type { Email } from "./mailer.ts";

/** Sent to the new address: the change happens only when its owner opens the link. In the teacher's language. */
export function emailChangeEmail(
  to: { newEmail: string; displayName: string; language: Language | null },
  link: string,
): Email {
  const { text: t, html: h, body } = emailWords(to.language);
  const text = [
    t("email.greeting", { name: to.displayName }),
    "",
    t("email.change.asked"),
    t("email.change.open"),
    "",
    link,
    "",
    t("email.change.ignore"),
  ].join("\n");
  const html = body(`<p>${h("email.greeting", { name: to.displayName })}</p>
<p>${h("email.change.asked")}
${h("email.change.open")}</p>
<p><a href="${escapeHtml(link)}">${h("email.change.linkText")}</a></p>
<p>${h("email.change.ignore")}</p>`);
  return { to: to.newEmail, subject: t("email.change.subject"), text, html };
}

/**
 * Sent to the address in use when a change is asked for: a teacher whose signed-in browser was
 * borrowed learns of it at once, and her link undoes it, before the change or after it
 * (decision 030): nothing she did not ask for, then, holds.
 */
export function emailChangeNoticeEmail(
  to: { currentEmail: string; newEmail: string; displayName: string; language: Language | null },
  undoLink: string,
): Email {
  const { text: t, html: h, body } = emailWords(to.language);
  const text = [
    t("email.greeting", { name: to.displayName }),
    "",
    t("email.notice.asked", { newEmail: to.newEmail }),
    t("email.notice.nothingYet"),
    "",
    t("email.notice.ifYou"),
    t("email.notice.ifNot"),
    "",
    undoLink,
  ].join("\n");
  const html = body(`<p>${h("email.greeting", { name: to.displayName })}</p>
<p>${h("email.notice.asked", { newEmail: to.newEmail }, "newEmail")}
${h("email.notice.nothingYet")}</p>
<p>${h("email.notice.ifYou")}</p>
<p>${h("email.notice.ifNot")}</p>
<p><a href="${escapeHtml(undoLink)}">${h("email.notice.linkText")}</a></p>`);
  return { to: to.currentEmail, subject: t("email.notice.subject"), text, html };
}
