/**
 * A translated sentence with elements inside it ("You are in the <badge> group!", "<strong>3</strong>
 * stops reached"): each language puts the element where its grammar wants it. The message's
 * placeholders named in `slots` become those elements; the rest is text.
 */
import { Fragment, type ReactNode } from "react";
import type { MessageKey, MessageValues } from "../../../shared/i18n/messages.ts";
import { useT } from "./language.tsx";

const MARK = "\u0001";

export function Slotted({
  id,
  values = {},
  slots,
}: {
  id: MessageKey;
  values?: MessageValues;
  slots: Record<string, ReactNode>;
}) {
  const t = useT();
  const marked: MessageValues = { ...values };
  for (const name of Object.keys(slots)) marked[name] = `${MARK}${name}${MARK}`;
  const parts = t({ key: id, values: marked }).split(new RegExp(`${MARK}(\\w+)${MARK}`));
  // split() with a group: even indexes are text, odd ones the slot names between them.
  return <>{parts.map((part, i) => (i % 2 === 0 ? part : <Fragment key={i}>{slots[part]}</Fragment>))}</>;
}
