/**
 * How a join code and a join link are drawn: the code as two visible groups of three digits
 * ("482 913", read at a glance from the back of a room) whose text is still the six digits a
 * child types, copies or hears; the link breaking only after a slash, never inside the code.
 */
import { Fragment } from "react";

export function JoinCodeDigits({ code }: { code: string }) {
  // The gap is a margin, not a space: copying the code or reading its text gives six digits.
  return (
    <>
      <span className="code-half">{code.slice(0, 3)}</span>
      <span className="code-half">{code.slice(3)}</span>
    </>
  );
}

/** Text of a URL that may wrap only after its slashes: each piece between them never breaks. */
export function BreakAtSlashes({ text }: { text: string }) {
  const pieces = text.split(/(?<=\/)/);
  return (
    <>
      {pieces.map((piece, i) => (
        <Fragment key={i}>
          <span className="unbroken">{piece}</span>
          {i < pieces.length - 1 ? <wbr /> : null}
        </Fragment>
      ))}
    </>
  );
}

/** The link without its scheme, short enough to read out and type: "cluehunt.ie/join?code=482913". */
export const shortLink = (link: string) => link.replace(/^https?:\/\//, "");
