/**
 * What a device remembers of the children who joined on it (a tablet a group shares, decision 048),
 * in localStorage: for each group it joined, the join code, the group and its children in turn
 * order, so "Add a player" can open the join's players step again from the play page; and, for
 * each play page, the ids of the children last seen on its tablet, so a page whose own child the
 * teacher took out goes on to the next child still playing. The join and play pages both use it.
 * A device whose storage is off (private mode, full) remembers nothing and still plays.
 */

export type RememberedPlayer = { progressId: string; name: string };
export type RememberedTablet = { code: string; groupId: string; players: RememberedPlayer[] };

const TABLETS_KEY = "cluehunt:tablets";
const turnOrderKey = (progressId: string) => `cluehunt:tablet-players:${progressId}`;
/** Groups remembered at most (the newest first): a tablet joins a few games a day, not hundreds. */
export const REMEMBERED_GROUPS = 6;

function readTablets(storage: Storage): RememberedTablet[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(TABLETS_KEY) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter(isTablet) : [];
  } catch {
    return [];
  }
}

const isPlayer = (p: unknown): p is RememberedPlayer =>
  typeof p === "object" &&
  p !== null &&
  typeof (p as RememberedPlayer).progressId === "string" &&
  typeof (p as RememberedPlayer).name === "string";
const isTablet = (t: unknown): t is RememberedTablet =>
  typeof t === "object" &&
  t !== null &&
  typeof (t as RememberedTablet).code === "string" &&
  typeof (t as RememberedTablet).groupId === "string" &&
  Array.isArray((t as RememberedTablet).players) &&
  (t as RememberedTablet).players.every(isPlayer);

function writeTablets(storage: Storage, tablets: RememberedTablet[]) {
  try {
    storage.setItem(TABLETS_KEY, JSON.stringify(tablets.slice(0, REMEMBERED_GROUPS)));
  } catch {
    // Storage off or full: the tablet plays on, "Add a player" is just not offered later.
  }
}

const local = (): Storage | null => {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
};

/** The children this device joined in a group, in turn order (null if none remembered). */
export function rememberedTabletOfGroup(groupId: string, storage = local()): RememberedTablet | null {
  return (storage && readTablets(storage).find((t) => t.groupId === groupId)) || null;
}

/** The remembered group a child of this device plays in (the play page knows only the child). */
export function rememberedTabletOf(progressId: string, storage = local()): RememberedTablet | null {
  return (storage && readTablets(storage).find((t) => t.players.some((p) => p.progressId === progressId))) || null;
}

/** A child just joined on this device: added at the end of its group's turn order (once). */
export function rememberPlayer(
  group: { code: string; groupId: string },
  player: RememberedPlayer,
  storage = local(),
): RememberedTablet {
  const tablets = storage ? readTablets(storage) : [];
  const known = tablets.find((t) => t.groupId === group.groupId);
  const players = known?.players.filter((p) => p.progressId !== player.progressId) ?? [];
  const tablet = { code: group.code, groupId: group.groupId, players: [...players, player] };
  if (storage) writeTablets(storage, [tablet, ...tablets.filter((t) => t !== known)]);
  return tablet;
}

/**
 * The players the server names on the tablet of the play page `progressId` (in turn order): kept
 * as that page's last known players, and as its group's players (the teacher may have taken some out).
 */
export function rememberTabletPlayers(progressId: string, players: readonly RememberedPlayer[], storage = local()) {
  if (!storage) return;
  try {
    storage.setItem(turnOrderKey(progressId), JSON.stringify(players.map((p) => p.progressId)));
  } catch {
    return;
  }
  const tablets = readTablets(storage);
  const known = tablets.find((t) => t.players.some((p) => p.progressId === progressId));
  if (!known) return;
  const same =
    known.players.length === players.length &&
    known.players.every((p, i) => p.progressId === players[i]!.progressId && p.name === players[i]!.name);
  if (same) return;
  const updated = { ...known, players: players.map(({ progressId, name }) => ({ progressId, name })) };
  writeTablets(
    storage,
    tablets.map((t) => (t === known ? updated : t)),
  );
}

/**
 * The other children last seen on the tablet of the play page `progressId`, the one after it in
 * turn order first (then round from the start): where a page whose child was taken out goes next.
 */
export function otherPlayersAfter(progressId: string, storage = local()): string[] {
  if (!storage) return [];
  let ids: unknown;
  try {
    ids = JSON.parse(storage.getItem(turnOrderKey(progressId)) ?? "[]");
  } catch {
    return [];
  }
  if (!Array.isArray(ids)) return [];
  const order = ids.filter((id): id is string => typeof id === "string");
  const at = order.indexOf(progressId);
  const rotated = at < 0 ? order : [...order.slice(at + 1), ...order.slice(0, at)];
  return rotated.filter((id) => id !== progressId);
}

/** A child taken out of the game: no longer one of its group's players on this device. */
export function forgetPlayer(progressId: string, storage = local()) {
  if (!storage) return;
  const tablets = readTablets(storage);
  if (!tablets.some((t) => t.players.some((p) => p.progressId === progressId))) return;
  writeTablets(
    storage,
    tablets.map((t) => ({ ...t, players: t.players.filter((p) => p.progressId !== progressId) })),
  );
}
