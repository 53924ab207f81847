/**
 * Put in order (decision 050): the items, as the server shuffled them for this child, above
 * numbered slots (on a phone the items to tap are what the screen shows first). A tap on an item puts it in the first empty slot, a tap on a placed one takes it
 * back; dragging (pointer events: a finger, a pen or a mouse) moves an item onto any slot or back
 * among the others; on a focused placed item the arrow keys move it up or down. Every move is
 * said to screen readers. The slots' logic is answer-draft.ts's; this draws it and takes the
 * taps, drags and keys.
 */
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from "react";
import type { QuestionPicture } from "../../../shared/games/images.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import type { PlayQuestion } from "../../../shared/play/play-responses.ts";
import { useT } from "../../lib/i18n/language.tsx";
import { dropOnSlot, dropOutside, placeNext, type Slots, swapSlots, takeBack, unplaced } from "./answer-draft.ts";
import type { Feedback } from "./answer-protocol.ts";

/** How far (px) a pointer moves on an item before it is a drag rather than a tap. */
const DRAG_THRESHOLD = 8;

type Drag = { place: number; pointerId: number; x0: number; y0: number; dx: number; dy: number; moved: boolean };

export function OrderBoard({
  question,
  slots,
  onChange,
  locked,
  feedback,
  textLang,
  answerForTeacher,
}: {
  question: PlayQuestion;
  slots: Slots;
  onChange: (slots: Slots) => void;
  locked: boolean;
  feedback: Feedback | null;
  textLang: string | undefined;
  /** Preview as a pupil only: each item's right place (1 for the first), by its place as shown. */
  answerForTeacher?: readonly number[];
}) {
  const t = useT();
  const items = question.options;
  const pictures = question.optionPictures;
  const total = items.length;
  const [said, setSaid] = useState("");
  const [drag, setDrag] = useState<Drag | null>(null);
  const [over, setOver] = useState<number | "pool" | null>(null);
  // A drag ends with a click on the item it started on: that click is not a tap.
  const dragEnded = useRef(false);
  const buttons = useRef(new Map<number, HTMLButtonElement>());
  // The item to have the focus once the slots are drawn again (its button moved to another list):
  // so the keyboard goes on from where it was.
  const focusPlace = useRef<number | null>(null);
  useEffect(() => {
    if (focusPlace.current === null) return;
    buttons.current.get(focusPlace.current)?.focus();
    focusPlace.current = null;
  }, [slots]);

  const change = (next: Slots, place: number) => {
    if (next === slots) return;
    onChange(next);
    const slot = next.indexOf(place);
    setSaid(
      t(
        slot < 0
          ? msg("pupil.order.takenBack", { item: items[place] ?? "" })
          : msg("pupil.order.inPlace", { item: items[place] ?? "", place: slot + 1, total }),
      ),
    );
  };
  const tap = (place: number) => {
    if (locked) return;
    if (dragEnded.current) {
      dragEnded.current = false;
      return;
    }
    const slot = slots.indexOf(place);
    const next = slot >= 0 ? takeBack(slots, slot) : placeNext(slots, place);
    change(next, place);
    // Placed: on to the next item still to place (Enter, Enter, … fills the slots); taken back: the item itself.
    focusPlace.current = slot >= 0 ? place : (unplaced(next, total)[0] ?? place);
  };
  const onKeyDown = (event: KeyboardEvent, place: number) => {
    const slot = slots.indexOf(place);
    if (locked || slot < 0) return;
    const step =
      event.key === "ArrowUp" || event.key === "ArrowLeft"
        ? -1
        : event.key === "ArrowDown" || event.key === "ArrowRight"
          ? 1
          : 0;
    if (step === 0) return;
    event.preventDefault();
    change(swapSlots(slots, slot, slot + step), place);
    focusPlace.current = place;
  };

  const targetAt = (x: number, y: number): number | "pool" | null => {
    // The item carried is under the finger: what is beneath it.
    const beneath = document.elementsFromPoint(x, y).find((el) => !el.closest(".is-lifted"));
    const under = beneath?.closest<HTMLElement>("[data-slot], [data-pool]");
    if (!under) return null;
    return under.dataset.slot !== undefined ? Number(under.dataset.slot) : "pool";
  };
  // The drag in progress, read by every pointer event as it comes (a state would lag a render behind);
  // `drag` (state) draws it.
  const dragging = useRef<Drag | null>(null);
  const endDrag = () => {
    dragging.current = null;
    setDrag(null);
    setOver(null);
  };
  const pointerHandlers = (place: number) => ({
    onPointerDown: (e: PointerEvent<HTMLButtonElement>) => {
      if (locked || (e.pointerType === "mouse" && e.button !== 0)) return;
      e.currentTarget.setPointerCapture(e.pointerId);
      dragging.current = { place, pointerId: e.pointerId, x0: e.clientX, y0: e.clientY, dx: 0, dy: 0, moved: false };
    },
    onPointerMove: (e: PointerEvent<HTMLButtonElement>) => {
      const now = dragging.current;
      if (!now || now.pointerId !== e.pointerId) return;
      const dx = e.clientX - now.x0;
      const dy = e.clientY - now.y0;
      const moved = now.moved || Math.hypot(dx, dy) > DRAG_THRESHOLD;
      dragging.current = { ...now, dx, dy, moved };
      if (!moved) return;
      setDrag(dragging.current);
      setOver(targetAt(e.clientX, e.clientY));
    },
    onPointerUp: (e: PointerEvent<HTMLButtonElement>) => {
      const now = dragging.current;
      if (!now || now.pointerId !== e.pointerId) return;
      endDrag();
      if (!now.moved) return;
      // The click that follows the drag is not a tap; it may not come (the pointer ended elsewhere).
      dragEnded.current = true;
      setTimeout(() => {
        dragEnded.current = false;
      }, 0);
      const target = targetAt(e.clientX, e.clientY);
      if (target === "pool") change(dropOutside(slots, now.place), now.place);
      else if (target !== null) change(dropOnSlot(slots, now.place, target), now.place);
    },
    onPointerCancel: endDrag,
  });

  const right = feedback?.kind === "correct";
  const item = (place: number, placed: boolean) => {
    const lifted = drag?.moved && drag.place === place;
    return (
      <button
        type="button"
        className={`order-item${lifted ? " is-lifted" : ""}${pictures?.[place] ? " has-picture" : ""}`}
        ref={(el) => {
          if (el) buttons.current.set(place, el);
          else buttons.current.delete(place);
        }}
        disabled={locked}
        aria-describedby={placed ? "order-placed-hint" : "order-item-hint"}
        onClick={() => tap(place)}
        onKeyDown={(e) => onKeyDown(e, place)}
        style={lifted ? { transform: `translate(${drag.dx}px, ${drag.dy}px)` } : undefined}
        {...pointerHandlers(place)}
      >
        {pictures?.[place] ? <ItemPicture picture={pictures[place]} /> : null}
        <span className="order-item-text" lang={textLang}>
          {items[place]}
        </span>
        {answerForTeacher?.[place] !== undefined ? (
          <span className="teacher-answer-mark">
            {t(msg("games.preview.answerPlace", { place: answerForTeacher[place] }))}
          </span>
        ) : null}
      </button>
    );
  };

  const left = unplaced(slots, total);
  return (
    <div className={`order-board${right ? " is-right" : ""}${drag?.moved ? " is-dragging" : ""}`}>
      <p className="order-hint">{t("pupil.order.hint")}</p>
      <ul
        className={`order-pool${left.length === 0 ? " is-empty" : ""}${over === "pool" ? " is-over" : ""}`}
        aria-label={t("pupil.order.items")}
        data-pool=""
      >
        {left.map((place) => (
          <li key={place}>{item(place, false)}</li>
        ))}
      </ul>
      <ol className="order-slots" aria-label={t("pupil.order.yourOrder")}>
        {slots.map((place, slot) => (
          <li
            key={slot}
            className={`order-slot${place === null ? " is-empty" : ""}${over === slot ? " is-over" : ""}`}
            data-slot={slot}
          >
            <span className="slot-number" aria-hidden="true">
              {slot + 1}
            </span>
            {place === null ? (
              <span className="slot-empty">
                <span className="visually-hidden">{t(msg("pupil.order.emptySlot", { place: slot + 1 }))}</span>
              </span>
            ) : (
              item(place, true)
            )}
            {right && place !== null ? <RightTick /> : null}
          </li>
        ))}
      </ol>
      <p id="order-item-hint" className="visually-hidden">
        {t("pupil.order.itemHint")}
      </p>
      <p id="order-placed-hint" className="visually-hidden">
        {t("pupil.order.placedHint")}
      </p>
      <p className="visually-hidden" aria-live="polite">
        {said}
      </p>
    </div>
  );
}

function RightTick() {
  return (
    <svg className="tile-mark mark-right order-tick" viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <circle cx="20" cy="20" r="17" />
      <path className="mark-tick" d="M11 21 17.5 27.5 29.5 13.5" />
    </svg>
  );
}

/** An item's picture beside its words: decorative (the words name the item). */
function ItemPicture({ picture }: { picture: QuestionPicture }) {
  return (
    <img
      className="order-picture"
      src={picture.src}
      alt=""
      width={picture.width || undefined}
      height={picture.height || undefined}
      loading="eager"
      decoding="async"
      draggable={false}
    />
  );
}
