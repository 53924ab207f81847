/**
 * The limits on the two join routes, and the code lookup they guard (decisions 015, 022, 042):
 *
 * - a volume limit per address on each route (JOIN_RATE_LIMIT: lookups, joins), a flood
 *   guard big enough for a school of 1,000 behind one address;
 * - the wrong-code allowances per address and per device (join-guesses.ts explains them),
 *   the address's growing with the pupils who joined from it.
 *
 * On PostgreSQL the lookups that arrive together (a class pressing Join at once) are counted
 * and looked up in ONE statement (`guardedLookupsStatement`, db/batcher.ts): each round trip
 * wakes a PostgreSQL process, the largest cost of a join in the profile. A right code takes no
 * lock: only wrong codes are counted, so only they need the count's latest value. A wrong code
 * goes on in a statement of its own, counted against both allowances under their rows' locks
 * and refused (revealing nothing about the code) once either is spent. Joins made from an
 * address are counted in batches (every JOINED_FLUSH_MS), since the allowance they grow may lag
 * by that much.
 *
 * On PGlite the counters live in this process (limit-counters.ts), so the in-process
 * limiter (join-guesses.ts) guards a lookup statement at no database cost.
 *
 * The lookup itself is play's (play-queries.ts `joinCodeLookup`): play hands it to these
 * limits, which count and refuse without knowing the tables it reads.
 */
import { authMessages } from "../../shared/account/auth-contracts.ts";
import { ApiError } from "../../shared/api-errors.ts";
import { batcher } from "../db/batcher.ts";
import type { Database, Db } from "../db/client.ts";
import { retriedOnDeadlock } from "../db/deadlock.ts";
import { runStatement, type Statement, statement } from "../db/prepared.ts";
import { addressKey } from "./address-key.ts";
import { createGuessLimiter, type Guesser, guessCounterKey, wrongCodesAllowed } from "./join-guesses.ts";
import type { LimitCounters } from "./limit-counters.ts";
import { JOIN_GUESS_LIMITS, JOIN_RATE_LIMIT, limitMessages, limitReached } from "./limits.ts";

/** A code lookup the limits guard: a select of one group row by `:code`, and how its row is answered. */
export type CodeLookup<Row extends object, Result> = {
  /** The lookup inside the one statement that counts it (PostgreSQL), made by `guardedLookupStatement`. */
  guarded: Statement<LookupParams>;
  /** Many lookups, counted, in one statement (PostgreSQL), made by `guardedLookupsStatement`; `:codes` its lookup's only parameter. */
  guardedMany: Statement<LookupsParams>;
  /** The lookup alone, for several codes at once (PGlite, where the limiter in this process guards each). */
  find(db: Db, codes: string[]): Promise<Array<Row | undefined>>;
  /** The row found (undefined for none) as the answer, or the error a wrong code gets. */
  present(row: Row | undefined): Result;
};

export type JoinLimits<Result> = {
  /** The lookup route: counts the request, and looks the code up if the guesser has wrong codes left (else 429). */
  lookUp(guesser: Guesser, code: string): Promise<Result>;
  /** The join route: counts the request (429 past the route's volume limit). */
  admitJoin(address: string): Promise<void>;
  /** A pupil joined a session (not a device coming back): the address's allowance grows. */
  joined(guesser: Guesser): void;
  /** Writes what is still batched (the app is closing). */
  flush(): Promise<void>;
};

/** How long joins are gathered before they are counted in one statement (PostgreSQL). */
export const JOINED_FLUSH_MS = 100;

const rateKey = (route: "lookup" | "join", address: string) => `rate:join-${route}:${addressKey(address)}`;

const tooManyRequestsFor = (resetInMs: number) =>
  limitReached(authMessages.tooManyAttempts, Math.max(1, Math.ceil(resetInMs / 1000)));

/** Counts one request of `route` from `address`; 429 past the volume limit (the refused ones count too, as they arrive). */
async function countRequest(counters: LimitCounters, route: "lookup" | "join", address: string) {
  const [used] = await counters.add([{ key: rateKey(route, address), windowMs: JOIN_RATE_LIMIT.windowMs, by: 1 }]);
  if (used!.count > JOIN_RATE_LIMIT.max) throw tooManyRequestsFor(used!.resetInMs);
}

/** `onError`: a batch of joins could not be counted (the database is away); the allowance then grows less. */
export function createJoinLimits<Row extends object, Result>(
  database: Database,
  counters: LimitCounters,
  onError: (error: unknown) => void,
  lookup: CodeLookup<Row, Result>,
): JoinLimits<Result> {
  return database.kind === "postgres"
    ? databaseJoinLimits(database.db, counters, onError, lookup)
    : inProcessJoinLimits(database.db, counters, lookup);
}

/**
 * PGlite: the counters are a map in this process; each admitted lookup waits for the next
 * statement, which looks up every code asked meanwhile (db/batcher.ts: a class's 30 lookups of
 * six codes are two or three statements, not 30 hops to PGlite's thread).
 */
export function inProcessJoinLimits<Row extends object, Result>(
  db: Db,
  counters: LimitCounters,
  lookup: CodeLookup<Row, Result>,
): JoinLimits<Result> {
  const guesses = createGuessLimiter(counters);
  const find = batcher<string, Row | undefined>((codes) => lookup.find(db, codes), { running: 1, largest: 500 });
  return {
    async lookUp(guesser, code) {
      await countRequest(counters, "lookup", guesser.address);
      return guesses.lookUp(guesser, async () => lookup.present(await find(code)));
    },
    admitJoin: (address) => countRequest(counters, "join", address),
    joined(guesser) {
      // In process: nothing to batch.
      void guesses.joined(guesser);
    },
    flush: async () => {},
  };
}

export type LookupParams =
  | "code"
  | "rateKey"
  | "rateBy"
  | "rateMax"
  | "rateWindowMs"
  | "windowMs"
  | "addressKey"
  | "deviceKey"
  | "joinedKey"
  | "wrongPerAddress"
  | "joinsPerExtraWrongCode"
  | "mostWrongPerAddress"
  | "wrongPerDevice";

type GuardedLookupRow<Row extends object> = Partial<Row> & {
  found: boolean;
  within_rate: boolean;
  rate_reset_ms: number;
  admitted: boolean;
  wrong_reset_ms: number | null;
};

/** The window a counter row opens: `window_ms` from now. */
const windowEnds = (windowMs: string) => `now() + ${windowMs}::integer * interval '1 millisecond'`;
/** The upsert's new count: one more in a live window, else one in a fresh window. */
const countedOne = (windowMs: string) =>
  `count = case when c.window_ends > now() then c.count + 1 else 1 end,
   window_ends = case when c.window_ends > now() then c.window_ends else ${windowEnds(windowMs)} end`;
/** A counter's count in its live window, read from the statement's snapshot. */
const liveCount = (key: string) =>
  `coalesce((select count from limit_counters where key = ${key} and window_ends > now()), 0)`;

/**
 * The lookup, counted and guarded, in one statement (PostgreSQL). `wrong` is the code being
 * wrong within the volume limit; a wrong code is counted on the device's row, then on the
 * address's, each only while under its limit (ON CONFLICT … WHERE: the row stays locked and
 * unchanged when the limit is reached), so simultaneous lookups cannot test one wrong code
 * more than the allowance. A device over its limit leaves the address's row alone. A right
 * code is admitted when neither allowance is spent. `:rateBy` is 1, or 0 for a lookup a batch
 * has counted already (`guardedLookupsStatement`).
 */
export const guardedLookupStatement = (name: string, lookupSql: string) =>
  statement<LookupParams>(
    name,
    `with rate as (
     insert into limit_counters as c (key, count, window_ends)
     values (:rateKey::text, :rateBy::integer, ${windowEnds(":rateWindowMs")})
     on conflict (key) do update set
       count = case when c.window_ends > now() then c.count + :rateBy::integer else :rateBy::integer end,
       window_ends = case when c.window_ends > now() then c.window_ends else ${windowEnds(":rateWindowMs")} end
     returning c.count, c.window_ends
   ),
   found as (${lookupSql}),
   allowance as (
     select least(:wrongPerAddress::integer + ${liveCount(":joinedKey::text")} / :joinsPerExtraWrongCode::integer, :mostWrongPerAddress::integer) as wrong
   ),
   wrong as (
     select (select count from rate) <= :rateMax::integer and not exists (select 1 from found where live) as yes
   ),
   device as (
     insert into limit_counters as c (key, count, window_ends)
     select :deviceKey::text, 1, ${windowEnds(":windowMs")} where (select yes from wrong) and :deviceKey::text is not null
     on conflict (key) do update set ${countedOne(":windowMs")}
     where c.window_ends <= now() or c.count < :wrongPerDevice::integer
     returning c.count
   ),
   address as (
     insert into limit_counters as c (key, count, window_ends)
     select :addressKey::text, 1, ${windowEnds(":windowMs")}
     where (select yes from wrong) and (:deviceKey::text is null or exists (select 1 from device))
     on conflict (key) do update set ${countedOne(":windowMs")}
     where c.window_ends <= now() or c.count < (select wrong from allowance)
     returning c.count
   )
   select f.*,
          f.group_id is not null as found,
          (select count from rate) <= :rateMax::integer as within_rate,
          greatest(0, ceil(extract(epoch from ((select window_ends from rate) - now())) * 1000))::integer as rate_reset_ms,
          case when (select yes from wrong) then exists (select 1 from address)
               else ${liveCount(":addressKey::text")} < (select wrong from allowance)
                    and (:deviceKey::text is null or ${liveCount(":deviceKey::text")} < :wrongPerDevice::integer)
          end as admitted,
          (select greatest(0, ceil(extract(epoch from (max(window_ends) - now())) * 1000))::integer
           from limit_counters where key in (:addressKey::text, :deviceKey::text) and window_ends > now()) as wrong_reset_ms
   from (select 1) as one left join found f on true`,
  );

export type LookupsParams =
  | "lookups"
  | "codes"
  | "rateMax"
  | "rateWindowMs"
  | "wrongPerAddress"
  | "joinsPerExtraWrongCode"
  | "mostWrongPerAddress"
  | "wrongPerDevice";

/**
 * The lookups of a batch (db/batcher.ts) in one statement, for a class pressing Join
 * at once. `:lookups` is a JSON array of `{n, code, rate_key, address_key, device_key,
 * joined_key}`; `:codes` the distinct codes. Every lookup is counted on its address's volume
 * counter (one upsert per address, by the number of its lookups; each lookup's place among
 * them says whether it was within the limit) and every code is looked up. The batch is judged
 * as if its lookups came one after another in order: a lookup is admitted while its address's
 * and its device's wrong codes, with the wrong codes before it in the batch, are under their
 * allowances (a flood of guesses with one right code among them is refused at the allowance,
 * right code included). A right code admitted is answered from here; a spent allowance is
 * refused from here, right or wrong alike. An admitted wrong code is not counted here: the
 * caller runs it through `guardedLookupStatement` with `:rateBy` 0, which counts it under its
 * rows' locks. One batch runs at a time (its wrong codes counted before the next reads the
 * counters), so an instance tests no more wrong codes than one lookup at a time would; several
 * instances each read the counters as their statement starts, as concurrent single lookups do.
 */
export const guardedLookupsStatement = (name: string, lookupsSql: string) =>
  statement<LookupsParams>(
    name,
    `with input as (
     select * from jsonb_to_recordset(:lookups::jsonb)
       as i(n integer, code text, rate_key text, address_key text, device_key text, joined_key text)
   ),
   ranked as (
     select i.*, row_number() over (partition by i.rate_key order by i.n) as place,
            count(*) over (partition by i.rate_key) as of_key
     from input i
   ),
   rate as (
     insert into limit_counters as c (key, count, window_ends)
     -- In key order, as every batch locks them: two batches never wait on each other's rows.
     select rate_key, count(*)::integer, ${windowEnds(":rateWindowMs")} from input group by rate_key order by rate_key
     on conflict (key) do update set
       count = case when c.window_ends > now() then c.count + excluded.count else excluded.count end,
       window_ends = case when c.window_ends > now() then c.window_ends else excluded.window_ends end
     returning c.key, c.count, c.window_ends
   ),
   found as (${lookupsSql}),
   looked as (
     select r.n, r.address_key, r.device_key, r.joined_key, f.*,
            rate.count - r.of_key + r.place <= :rateMax::integer as within_rate,
            rate.window_ends as rate_window_ends
     from ranked r
     join rate on rate.key = r.rate_key
     left join found f on f.code = r.code
   ),
   -- As in the single statement: within the volume limit and not a live group's code.
   judged as (
     select l.*, l.within_rate and not coalesce(l.live, false) as wrong from looked l
   ),
   -- The wrong codes before each lookup in the batch, from its address and from its device.
   placed as (
     select j.*,
            coalesce(sum(j.wrong::integer) over (partition by j.address_key order by j.n
                     rows between unbounded preceding and 1 preceding), 0) as wrong_before_address,
            coalesce(sum(j.wrong::integer) over (partition by j.device_key order by j.n
                     rows between unbounded preceding and 1 preceding), 0) as wrong_before_device
     from judged j
   )
   select p.*,
          p.group_id is not null as found,
          greatest(0, ceil(extract(epoch from (p.rate_window_ends - now())) * 1000))::integer as rate_reset_ms,
          ${liveCount("p.address_key")} + p.wrong_before_address
            < least(:wrongPerAddress::integer + ${liveCount("p.joined_key")} / :joinsPerExtraWrongCode::integer, :mostWrongPerAddress::integer)
            and (p.device_key is null or ${liveCount("p.device_key")} + p.wrong_before_device < :wrongPerDevice::integer) as admitted,
          (select greatest(0, ceil(extract(epoch from (max(window_ends) - now())) * 1000))::integer
           from limit_counters where key in (p.address_key, p.device_key) and window_ends > now()) as wrong_reset_ms
   from placed p
   order by p.n`,
  );

/** A row of the batch statement: a lookup's place, its counters' keys, and its judgement. */
type BatchRow<Row extends object> = GuardedLookupRow<Row> & {
  n: number;
  live?: boolean;
  address_key: string;
  device_key: string | null;
  joined_key: string;
};

/** The live counts of some counters, read without locking them. */
const READ_COUNTERS = statement<"keys">(
  "read_limit_counters",
  `select key, count, greatest(0, ceil(extract(epoch from (window_ends - now())) * 1000))::integer as reset_in_ms
   from limit_counters where key in (select jsonb_array_elements_text(:keys::jsonb)) and window_ends > now()`,
);

/** A wrong code of a batch, and its answer once it has been counted (or refused) alone. */
type WrongInBatch = { row: BatchRow<object>; answer: Promise<unknown> };

/** A wrong code's answer says it was counted: its own error, not a limit's 429 nor a failure of the database. */
const countedAsWrong = (answer: unknown) => answer instanceof ApiError && answer.status !== 429;

/** Whether a wrong code of the row's address or device came before it in its batch. */
const followsGuess = (row: BatchRow<object>, guessed: ReadonlySet<string>) =>
  guessed.has(row.address_key) || (row.device_key !== null && guessed.has(row.device_key));

/** The answer of `run`, or its error as a value (a batch answers each request apart). */
async function settled<T>(run: () => T | Promise<T>): Promise<T | Error> {
  try {
    return await run();
  } catch (error) {
    return error as Error;
  }
}

/** PostgreSQL: the counters are rows shared by every instance; a lookup is one statement. */
export function databaseJoinLimits<Row extends object, Result>(
  db: Db,
  counters: LimitCounters,
  onError: (error: unknown) => void,
  lookup: CodeLookup<Row, Result>,
): JoinLimits<Result> {
  const { windowMs } = JOIN_GUESS_LIMITS;
  /** address key → joins not yet counted. */
  let pendingJoins = new Map<string, number>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function flush() {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const batch = pendingJoins;
    pendingJoins = new Map();
    if (batch.size === 0) return;
    // One statement for the whole batch, however many addresses and joins.
    await counters.add([...batch].map(([key, n]) => ({ key, windowMs, by: n })));
  }

  /** One lookup alone, counted and guarded in one statement; `rateBy` 0 when a batch has counted it. */
  async function lookUpAlone(guesser: Guesser, code: string, rateBy: 0 | 1): Promise<Result> {
    const params = {
      code,
      rateKey: rateKey("lookup", guesser.address),
      rateBy,
      rateMax: JOIN_RATE_LIMIT.max,
      rateWindowMs: JOIN_RATE_LIMIT.windowMs,
      windowMs,
      addressKey: guessCounterKey("wrong", "address", guesser),
      deviceKey: guesser.deviceId === null ? null : guessCounterKey("wrong", "device", guesser),
      joinedKey: guessCounterKey("joined", "address", guesser),
      wrongPerAddress: JOIN_GUESS_LIMITS.wrongPerAddress,
      joinsPerExtraWrongCode: JOIN_GUESS_LIMITS.joinsPerExtraWrongCode,
      mostWrongPerAddress: JOIN_GUESS_LIMITS.mostWrongPerAddress,
      wrongPerDevice: JOIN_GUESS_LIMITS.wrongPerDevice,
    };
    const [row] = await retriedOnDeadlock(() =>
      runStatement<GuardedLookupRow<Row>, LookupParams>(db, lookup.guarded, params),
    );
    return judged(row!);
  }

  /** A counted lookup's answer: 429 past the volume or a spent allowance, else the code's group or its error. */
  function judged(row: GuardedLookupRow<Row>): Result {
    if (!row.within_rate) throw tooManyRequestsFor(row.rate_reset_ms);
    if (!row.admitted)
      throw limitReached(limitMessages.tooManyWrongCodes, Math.ceil(Math.max(1000, row.wrong_reset_ms ?? 0) / 1000));
    return lookup.present(row.found ? (row as Row) : undefined);
  }

  /**
   * The lookups that arrive together: counted and looked up in one statement; a wrong code goes
   * on alone to be counted as wrong (its volume already counted). A right code that follows a
   * wrong one from its address or device is judged once the batch's wrong codes are counted, from
   * the counters as they then are (`rejudged`): answered from the batch statement's snapshot,
   * it would jump ahead of wrong codes that other instances count meanwhile, and a guesser
   * sending many codes at once to several instances would learn whether the right one was among
   * more of them than the allowance.
   */
  const lookUpInBatch = batcher<{ guesser: Guesser; code: string }, Result>(
    async (asked) => {
      const rows = await retriedOnDeadlock(() =>
        runStatement<BatchRow<Row>, LookupsParams>(db, lookup.guardedMany, {
          lookups: JSON.stringify(
            asked.map(({ guesser, code }, n) => ({
              n,
              code,
              rate_key: rateKey("lookup", guesser.address),
              address_key: guessCounterKey("wrong", "address", guesser),
              device_key: guesser.deviceId === null ? null : guessCounterKey("wrong", "device", guesser),
              joined_key: guessCounterKey("joined", "address", guesser),
            })),
          ),
          codes: JSON.stringify([...new Set(asked.map((a) => a.code))]),
          rateMax: JOIN_RATE_LIMIT.max,
          rateWindowMs: JOIN_RATE_LIMIT.windowMs,
          wrongPerAddress: JOIN_GUESS_LIMITS.wrongPerAddress,
          joinsPerExtraWrongCode: JOIN_GUESS_LIMITS.joinsPerExtraWrongCode,
          mostWrongPerAddress: JOIN_GUESS_LIMITS.mostWrongPerAddress,
          wrongPerDevice: JOIN_GUESS_LIMITS.wrongPerDevice,
        }),
      );
      const guessedBefore = new Set<string>();
      const wrongCounted: WrongInBatch[] = [];
      const afterGuesses: BatchRow<Row>[] = [];
      const answers = rows.map((row): Promise<Result | Error> | BatchRow<Row> => {
        const rightCode = row.found && row.live;
        // Over a limit (right or wrong code alike), or a right code no wrong one of its guesser precedes.
        if (!row.within_rate || !row.admitted || (rightCode && !followsGuess(row, guessedBefore)))
          return settled(() => judged(row));
        if (rightCode) {
          afterGuesses.push(row);
          return row;
        }
        guessedBefore.add(row.address_key);
        if (row.device_key !== null) guessedBefore.add(row.device_key);
        const answer = settled(() => lookUpAlone(asked[row.n]!.guesser, asked[row.n]!.code, 0));
        wrongCounted.push({ row, answer });
        return answer;
      });
      const rejudgedAnswers = afterGuesses.length > 0 ? await rejudged(afterGuesses, wrongCounted) : new Map();
      return Promise.all(answers.map((a) => ("n" in a ? rejudgedAnswers.get(a.n)! : a)));
    },
    // One batch at a time: its wrong codes are counted before the next batch reads the counters.
    { running: 1, largest: 500 },
  );

  /**
   * Right codes that followed wrong ones in their batch, judged once the batch's wrong codes are
   * counted: from the wrong counters' committed values (a plain read: it locks nothing, so it
   * cannot wait on a lookup that holds a device's row and wants the address's), less the wrong
   * codes that came after the right one in the batch. Each is judged as if after the wrong codes
   * before it, and after every wrong code other instances counted meanwhile.
   */
  async function rejudged(rows: BatchRow<Row>[], wrongInBatch: WrongInBatch[]) {
    const counted = await Promise.all(
      wrongInBatch.map(async ({ row, answer }) => ({ row, counted: countedAsWrong(await answer) })),
    );
    const keys = [
      ...new Set(rows.flatMap((r) => [r.address_key, r.joined_key, ...(r.device_key ? [r.device_key] : [])])),
    ];
    const read = await runStatement<{ key: string; count: number; reset_in_ms: number }, "keys">(db, READ_COUNTERS, {
      keys: JSON.stringify(keys),
    });
    const counters = new Map(read.map((c) => [c.key, c]));
    /** The key's count, less the batch's wrong codes counted on it after lookup `n`. */
    const before = (key: string | null, n: number) =>
      key === null
        ? 0
        : (counters.get(key)?.count ?? 0) -
          counted.filter((w) => w.counted && w.row.n > n && (w.row.address_key === key || w.row.device_key === key))
            .length;
    return new Map(
      rows.map((row) => {
        const admitted =
          before(row.address_key, row.n) < wrongCodesAllowed(counters.get(row.joined_key)?.count ?? 0) &&
          before(row.device_key, row.n) < JOIN_GUESS_LIMITS.wrongPerDevice;
        const resetMs = Math.max(
          counters.get(row.address_key)?.reset_in_ms ?? 0,
          (row.device_key && counters.get(row.device_key)?.reset_in_ms) || 0,
        );
        return [row.n, settled(() => judged({ ...row, admitted, wrong_reset_ms: resetMs }))] as const;
      }),
    );
  }

  return {
    lookUp: (guesser, code) => lookUpInBatch({ guesser, code }),
    admitJoin: (address) => countRequest(counters, "join", address),
    joined(guesser) {
      const key = guessCounterKey("joined", "address", guesser);
      pendingJoins.set(key, (pendingJoins.get(key) ?? 0) + 1);
      timer ??= setTimeout(() => void flush().catch(onError), JOINED_FLUSH_MS);
    },
    flush,
  };
}
