import type { Language } from "../../shared/i18n/languages.ts";
import { emailWords, escapeHtml } from "./email-text.ts";
import type { Email } from "./mailer.ts";

/** In the teacher's saved language (English when they have none). */
export function passwordResetEmail(
  to: { email: string; displayName: string; language: Language | null },
  link: string,
): Email {
  const { text: t, html: h, body } = emailWords(to.language);
  const text = [
    t("email.greeting", { name: to.displayName }),
    "",
    t("email.reset.asked"),
    t("email.reset.open"),
    "",
    link,
    "",
    t("email.reset.ignore"),
  ].join("\n");
  const html = body(`<p>${h("email.greeting", { name: to.displayName })}</p>
<p>${h("email.reset.asked")}
${h("email.reset.open")}</p>
<p><a href="${escapeHtml(link)}">${h("email.reset.linkText")}</a></p>
<p>${h("email.reset.ignore")}</p>`);
  return { to: to.email, subject: t("email.reset.subject"), text, html };
}
