/**
 * Requests that arrive together, run as one statement (decision 042). A class pressing Join at
 * once sends 30 joins within a few milliseconds; one statement per join costs a round trip, a
 * statement's start and commit (a WAL flush on PostgreSQL) and, on PGlite, a hop to its thread
 * each, and every join of a group waits on the one before for its member count's row lock.
 *
 * Natural batching: a request that finds no batch running starts one at once, alone (no added
 * wait when the class is small or the room is quiet); requests arriving while batches run
 * wait for the next, and then all go together. At most `running` batches run at a time and
 * at most `largest` requests go in one. Two requests sharing a `key` never go in the same
 * batch (the later one waits for the next): a statement cannot see its own rows, so two joins
 * claiming one name, or one device joining twice, are judged one after the other, exactly as
 * two separate statements would judge them.
 *
 * `run` answers each request of the batch in order: a value, or an Error for that request
 * alone. A failure of the whole statement (the database is away) fails each request of it.
 */
export type Batcher<In, Out> = (input: In) => Promise<Out>;

type Waiting<In, Out> = { input: In; keys: string[]; resolve: (out: Out) => void; reject: (error: unknown) => void };

export function batcher<In, Out>(
  run: (inputs: In[]) => Promise<Array<Out | Error>>,
  options: { running: number; largest: number; keys?: (input: In) => string[] },
): Batcher<In, Out> {
  const queue: Array<Waiting<In, Out>> = [];
  let running = 0;

  /** The next batch: the oldest requests first, skipping any that shares a key with one already taken. */
  function take(): Array<Waiting<In, Out>> {
    const taken: Array<Waiting<In, Out>> = [];
    const used = new Set<string>();
    for (let i = 0; i < queue.length && taken.length < options.largest; ) {
      const waiting = queue[i]!;
      if (waiting.keys.some((k) => used.has(k))) {
        i++;
        continue;
      }
      for (const k of waiting.keys) used.add(k);
      taken.push(waiting);
      queue.splice(i, 1);
    }
    return taken;
  }

  function start() {
    while (running < options.running && queue.length > 0) {
      const batch = take();
      running++;
      run(batch.map((w) => w.input))
        .then(
          (outs) =>
            batch.forEach((w, i) => {
              const out = outs[i];
              if (out instanceof Error) w.reject(out);
              else w.resolve(out as Out);
            }),
          (error: unknown) => batch.forEach((w) => w.reject(error)),
        )
        .finally(() => {
          running--;
          start();
        });
    }
  }

  return (input) =>
    new Promise<Out>((resolve, reject) => {
      queue.push({ input, keys: options.keys?.(input) ?? [], resolve, reject });
      start();
    });
}
