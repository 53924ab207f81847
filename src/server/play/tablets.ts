/**
 * Which twin of the answer statement runs for a pupil (decision 048): a child alone on a device
 * runs the statement without the tablet's turn, so the one-device path pays nothing for tablets;
 * a child on a tablet runs its twin, which checks it is their turn. The children on tablets are
 * remembered here by progress id (the most recent ones); the statement for a child alone also says
 * whether the child is on a tablet (`on_tablet`) and writes nothing if so, so a guess that was wrong
 * (a child not remembered yet, a child whose device took a second child since, another instance, a
 * restart) costs one statement more and is then remembered. A child never leaves a tablet.
 */

/** Children on tablets remembered at most (about 100 bytes each); the oldest are forgotten first. */
const REMEMBERED = 20_000;
const onTablets = new Set<string>();

export function rememberOnTablet(progressId: string) {
  onTablets.add(progressId);
  if (onTablets.size > REMEMBERED) onTablets.delete(onTablets.values().next().value!);
}

/** Runs `run` with the twin the child is thought to need; when its row says the child is on a tablet, runs the tablet's. */
export async function runForTablet<Row extends { on_tablet: boolean }>(
  progressId: string,
  run: (onTablet: boolean) => Promise<Row | undefined>,
): Promise<Row | undefined> {
  const guess = onTablets.has(progressId);
  const row = await run(guess);
  if (!row || guess || !row.on_tablet) return row;
  rememberOnTablet(progressId);
  return run(true);
}
