/**
 * Outgoing email: over SMTP when SMTP_URL is set, otherwise written to the server log
 * so a teacher running Cluehunt on a laptop can still reset a password.
 */
import nodemailer from "nodemailer";

export type Email = { to: string; subject: string; text: string; html: string };
export type Mailer = { send(email: Email): Promise<void>; close(): void };

export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  print: (text: string) => void;
}): Mailer {
  if (!options.smtpUrl) {
    return {
      async send(email) {
        options.print(
          [
            `--- Email not sent (SMTP_URL is not set) ---`,
            `To: ${email.to}`,
            `Subject: ${email.subject}`,
            "",
            email.text,
            "---",
            "",
          ].join("\n"),
        );
      },
      close() {},
    };
  }
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    async send(email) {
      await transport.sendMail({ from: options.from, ...email });
    },
    close: () => transport.close(),
  };
}
