/** A real SMTP server on loopback that keeps what it receives, for the password-reset tests. */
import { SMTPServer } from "smtp-server";
import { freePort } from "./free-port.ts";

export type ReceivedEmail = { to: string[]; raw: string; text: string };

/** Undo quoted-printable so links can be read from the message; each run of encoded bytes is UTF-8 (an Irish email's fadas). */
function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, "").replace(/(=[0-9A-F]{2})+/g, (run) =>
    Buffer.from(
      run
        .slice(1)
        .split("=")
        .map((hex) => parseInt(hex, 16)),
    ).toString("utf8"),
  );
}

export async function startSmtpSink() {
  const received: ReceivedEmail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, text: decodeQuotedPrintable(raw) });
        waiters.splice(0).forEach((w) => w());
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The next email to this address, waiting up to `timeoutMs` for it. */
    async waitFor(address: string, timeoutMs = 10_000): Promise<ReceivedEmail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find((m) => m.to.includes(address));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`No email to ${address} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function resetLinkIn(email: ReceivedEmail): string {
  const match = /https?:\/\/[^\s"<>]+\/reset-password\?token=[A-Za-z0-9%_-]+/.exec(email.text);
  if (!match) throw new Error(`No reset link in the email:\n${email.text}`);
  return match[0];
}
