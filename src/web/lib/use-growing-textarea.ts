/**
 * A textarea that grows with its text: every line typed stays in view, with no inner
 * scrollbar (a picture's description, which can run to 300 characters). Its height follows the
 * text when the text changes and when the box's width changes (a phone turned, a window
 * resized); the teacher may still drag it taller.
 */
import { useLayoutEffect, useState } from "react";

function fitToText(el: HTMLTextAreaElement) {
  el.style.height = "auto";
  const style = getComputedStyle(el);
  const borders = parseFloat(style.borderTopWidth) + parseFloat(style.borderBottomWidth);
  const padding = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
  // scrollHeight counts the padding, not the borders.
  el.style.height = `${style.boxSizing === "border-box" ? el.scrollHeight + borders : el.scrollHeight - padding}px`;
}

/** Returns the ref to put on the textarea (a callback: the textarea may appear later, with a picture). */
export function useGrowingTextarea(value: string) {
  const [el, setEl] = useState<HTMLTextAreaElement | null>(null);
  useLayoutEffect(() => {
    if (el) fitToText(el);
  }, [el, value]);
  useLayoutEffect(() => {
    if (!el || typeof ResizeObserver === "undefined") return;
    let width = el.clientWidth;
    const observer = new ResizeObserver(() => {
      if (el.clientWidth === width) return;
      width = el.clientWidth;
      fitToText(el);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [el]);
  return setEl;
}
