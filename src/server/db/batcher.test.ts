/**
 * Natural batching (db/batcher.ts), with the batches' work held open by hand
 * (deferreds, no timers): a request alone runs at once; those that arrive meanwhile go
 * together in the next batch, in arrival order; the limits on batches running and on a
 * batch's size hold; two requests sharing a key never share a batch; a failure is its
 * request's alone, or its whole batch's, and the batcher goes on.
 */
import { describe, expect, it } from "vitest";
import { batcher } from "./batcher.ts";

type Deferred<T> = { promise: Promise<T>; resolve: (value: T) => void; reject: (error: unknown) => void };

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets every settled promise's callbacks run (the batcher's then/finally and the next start). */
const settle = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

/**
 * A batcher whose `run` records each batch and waits until the test finishes it: `finish(i)`
 * answers batch i with `answer` of each input (default: the input doubled).
 */
function heldBatcher(options: { running: number; largest: number; keys?: (input: number) => string[] }) {
  const batches: Array<{ inputs: number[]; done: Deferred<Array<number | Error>> }> = [];
  const submit = batcher<number, number>((inputs) => {
    const done = deferred<Array<number | Error>>();
    batches.push({ inputs: [...inputs], done });
    return done.promise;
  }, options);
  const outcomes = new Map<number, { value?: number; error?: unknown }>();
  /** Sends `input`; its outcome lands in `outcomes` (kept apart per input, so one rejection never goes unhandled). */
  const send = (input: number) =>
    submit(input).then(
      (value) => outcomes.set(input, { value }),
      (error: unknown) => outcomes.set(input, { error }),
    );
  const finish = async (i: number, answer: (input: number) => number | Error = (n) => n * 2) => {
    batches[i]!.done.resolve(batches[i]!.inputs.map(answer));
    await settle();
  };
  const fail = async (i: number, error: unknown) => {
    batches[i]!.done.reject(error);
    await settle();
  };
  return { batches, send, finish, fail, outcomes, inputsOf: () => batches.map((b) => b.inputs) };
}

describe("batcher", () => {
  it("runs a request that finds no batch running at once, in a batch of its own", async () => {
    const b = heldBatcher({ running: 1, largest: 10 });
    void b.send(7);
    // Synchronously: no wait of any kind before the batch starts.
    expect(b.inputsOf()).toEqual([[7]]);
    await b.finish(0);
    expect(b.outcomes.get(7)).toEqual({ value: 14 });
    // Quiet again: the next one runs at once too, alone.
    void b.send(8);
    expect(b.inputsOf()).toEqual([[7], [8]]);
  });

  it("puts requests that arrive while a batch runs together in the next batch, in the order they arrived", async () => {
    const b = heldBatcher({ running: 1, largest: 10 });
    void b.send(1);
    for (const n of [5, 3, 4, 2]) void b.send(n);
    await settle();
    expect(b.inputsOf()).toEqual([[1]]);
    await b.finish(0);
    expect(b.inputsOf()).toEqual([[1], [5, 3, 4, 2]]);
    await b.finish(1);
    expect([...b.outcomes.entries()].sort((x, y) => x[0] - y[0])).toEqual([
      [1, { value: 2 }],
      [2, { value: 4 }],
      [3, { value: 6 }],
      [4, { value: 8 }],
      [5, { value: 10 }],
    ]);
  });

  it("answers each request with its own answer: the answers go by position in the batch", async () => {
    const b = heldBatcher({ running: 1, largest: 10 });
    void b.send(100);
    for (const n of [30, 10, 20]) void b.send(n);
    await b.finish(0);
    await b.finish(1, (n) => n + 1);
    expect(b.outcomes.get(30)).toEqual({ value: 31 });
    expect(b.outcomes.get(10)).toEqual({ value: 11 });
    expect(b.outcomes.get(20)).toEqual({ value: 21 });
  });

  it("never runs more than `running` batches at once", async () => {
    const b = heldBatcher({ running: 2, largest: 10 });
    void b.send(1);
    void b.send(2);
    // Two slots: the second request finds one free and starts at once, alone.
    expect(b.inputsOf()).toEqual([[1], [2]]);
    for (const n of [3, 4, 5]) void b.send(n);
    await settle();
    expect(b.batches).toHaveLength(2);
    // One slot frees: everything waiting goes in one batch.
    await b.finish(1);
    expect(b.inputsOf()).toEqual([[1], [2], [3, 4, 5]]);
    void b.send(6);
    await settle();
    expect(b.batches).toHaveLength(3);
    await b.finish(0);
    expect(b.inputsOf()).toEqual([[1], [2], [3, 4, 5], [6]]);

    // With one slot, the second request waits.
    const one = heldBatcher({ running: 1, largest: 10 });
    void one.send(1);
    void one.send(2);
    expect(one.inputsOf()).toEqual([[1]]);
  });

  it("puts no more than `largest` requests in a batch; the rest go in the next, oldest first", async () => {
    const b = heldBatcher({ running: 1, largest: 3 });
    void b.send(0);
    for (let n = 1; n <= 7; n++) void b.send(n);
    await b.finish(0);
    expect(b.inputsOf()).toEqual([[0], [1, 2, 3]]);
    void b.send(8);
    await b.finish(1);
    expect(b.inputsOf()).toEqual([[0], [1, 2, 3], [4, 5, 6]]);
    await b.finish(2);
    expect(b.inputsOf()).toEqual([[0], [1, 2, 3], [4, 5, 6], [7, 8]]);
    await b.finish(3);
    expect(b.outcomes.size).toBe(9);

    // `largest` with several batches running: each slot takes at most that many.
    const two = heldBatcher({ running: 2, largest: 2 });
    void two.send(0);
    void two.send(1);
    for (let n = 2; n <= 6; n++) void two.send(n);
    expect(two.inputsOf()).toEqual([[0], [1]]);
    await two.finish(0);
    expect(two.inputsOf()).toEqual([[0], [1], [2, 3]]);
    await two.finish(1);
    expect(two.inputsOf()).toEqual([[0], [1], [2, 3], [4, 5]]);
    await two.finish(2);
    expect(two.inputsOf()[4]).toEqual([6]);
  });

  it("never puts two requests sharing a key in one batch: the later one runs in the next batch, in its order", async () => {
    // Keys: the input's tens (a name) and its ones (a device), so 12 and 32 share "d2", 12 and 15 share "n1".
    const keys = (n: number) => [`n${Math.floor(n / 10)}`, `d${n % 10}`];
    const b = heldBatcher({ running: 1, largest: 10, keys });
    void b.send(99);
    for (const n of [12, 32, 45, 15, 53, 67, 12]) void b.send(n);
    await b.finish(0);
    // 32 shares d2 with 12, 15 shares n1 with 12, 12 again shares both: they wait; 53 shares nothing taken yet.
    expect(b.inputsOf()).toEqual([[99], [12, 45, 53, 67]]);
    await b.finish(1);
    // The next batch: those left, in arrival order, again skipping one that shares a key (the second 12: n1 with 15, d2 with 32).
    expect(b.inputsOf()[2]).toEqual([32, 15]);
    await b.finish(2);
    expect(b.inputsOf()[3]).toEqual([12]);
    await b.finish(3);
    expect(b.batches).toHaveLength(4);
    for (const batch of b.inputsOf()) {
      const seen = batch.flatMap(keys);
      expect(new Set(seen).size, `batch ${batch.join(",")}`).toBe(seen.length);
    }
    // Every request answered, none lost or answered twice.
    expect([...b.outcomes.keys()].sort((x, y) => x - y)).toEqual([12, 15, 32, 45, 53, 67, 99]);
  });

  it("a request skipped for a shared key goes in the next batch, ahead of those that arrived after it", async () => {
    const keys = (s: number) => [`k${s % 2}`];
    const b = heldBatcher({ running: 1, largest: 10, keys });
    void b.send(2);
    void b.send(4);
    void b.send(6);
    void b.send(1);
    await settle();
    expect(b.inputsOf()).toEqual([[2]]);
    await b.finish(0);
    expect(b.inputsOf()).toEqual([[2], [4, 1]]);
    await b.finish(1);
    expect(b.inputsOf()).toEqual([[2], [4, 1], [6]]);
    await b.finish(2);
    expect(b.outcomes.get(6)).toEqual({ value: 12 });
  });

  it("rejects only the request whose answer is an Error; the others of its batch get theirs", async () => {
    const b = heldBatcher({ running: 1, largest: 10 });
    void b.send(0);
    for (const n of [1, 2, 3]) void b.send(n);
    await b.finish(0);
    const refused = new Error("name taken");
    await b.finish(1, (n) => (n === 2 ? refused : n * 10));
    expect(b.outcomes.get(1)).toEqual({ value: 10 });
    expect(b.outcomes.get(2)).toEqual({ error: refused });
    expect(b.outcomes.get(3)).toEqual({ value: 30 });
  });

  it("rejects every request of a batch whose run fails, and keeps working afterwards", async () => {
    const b = heldBatcher({ running: 1, largest: 10 });
    void b.send(0);
    for (const n of [1, 2, 3]) void b.send(n);
    await b.finish(0);
    // While the failing batch runs, more arrive: they are not part of its failure.
    for (const n of [4, 5]) void b.send(n);
    const away = new Error("database away");
    await b.fail(1, away);
    for (const n of [1, 2, 3]) expect(b.outcomes.get(n)).toEqual({ error: away });
    expect(b.inputsOf()).toEqual([[0], [1, 2, 3], [4, 5]]);
    await b.finish(2);
    expect(b.outcomes.get(4)).toEqual({ value: 8 });
    expect(b.outcomes.get(5)).toEqual({ value: 10 });
    // Quiet again, and the slot was given back: a new request runs at once.
    void b.send(6);
    expect(b.inputsOf()).toHaveLength(4);
    await b.finish(3);
    expect(b.outcomes.get(6)).toEqual({ value: 12 });
  });

  it("a run that rejects at once (an async run that throws) fails its batch and frees its slot", async () => {
    let calls = 0;
    const submit = batcher<number, number>(
      async (inputs) => {
        calls++;
        if (calls === 1) throw new Error("boom");
        return inputs;
      },
      { running: 1, largest: 10 },
    );
    await expect(submit(1)).rejects.toThrow("boom");
    await expect(submit(2)).resolves.toBe(2);
  });
});
