/** useThrottled: a burst of calls becomes one at once and at most one more per window, never a change left waiting. */
import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useThrottled } from "./use-throttled.ts";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function throttled(ms: number) {
  const action = vi.fn();
  const hook = renderHook(({ run }) => useThrottled(run, ms), { initialProps: { run: action } });
  return { action, hook, call: () => act(() => hook.result.current()) };
}

describe("useThrottled", () => {
  it("runs the first call at once, and a burst within the window once more at its end", () => {
    const { action, call } = throttled(500);
    call();
    expect(action).toHaveBeenCalledTimes(1);
    for (let n = 0; n < 30; n++) call();
    expect(action).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(499));
    expect(action).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(1));
    expect(action).toHaveBeenCalledTimes(2);
    // Nothing came in the next window: no third run, and the next call runs at once again.
    act(() => vi.advanceTimersByTime(2000));
    expect(action).toHaveBeenCalledTimes(2);
    call();
    expect(action).toHaveBeenCalledTimes(3);
  });

  it("runs the newest action given, and nothing once the component is gone", () => {
    const { action, hook, call } = throttled(500);
    call();
    call();
    const newer = vi.fn();
    hook.rerender({ run: newer });
    act(() => vi.advanceTimersByTime(500));
    expect(action).toHaveBeenCalledTimes(1);
    expect(newer).toHaveBeenCalledTimes(1);

    call();
    hook.unmount();
    act(() => vi.advanceTimersByTime(5000));
    expect(newer).toHaveBeenCalledTimes(1);
  });
});
