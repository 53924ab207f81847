/**
 * Every TanStack Query key, made here (decision 045): a page that reads a query and the page that
 * invalidates it after a change use the same key. A key that starts another (games → one game →
 * its share link) is invalidated with it.
 */
export const queryKeys = {
  me: ["me"] as const,
  aiStatus: ["ai-status"] as const,
  privacy: ["privacy"] as const,
  games: ["games"] as const,
  game: (gameId: string) => ["games", gameId] as const,
  shareLink: (gameId: string) => ["games", gameId, "share"] as const,
  sharedGame: (shareLinkId: string) => ["shared", shareLinkId] as const,
  /** The starter hunts never change while a server runs: read once a visit. */
  starterHunts: ["starter-hunts"] as const,
  starterHunt: (starterId: string) => ["starter-hunts", starterId] as const,
  stationCards: (gameId: string) => ["station-cards", gameId] as const,
  classes: ["classes"] as const,
  classProgress: (classId: string) => ["classes", classId, "progress"] as const,
  /** Both of the dashboard's session lists. */
  sessions: ["sessions"] as const,
  sessionList: (status: "active" | "past") => ["sessions", status] as const,
  session: (sessionId: string) => ["session", sessionId] as const,
  results: (sessionId: string) => ["results", sessionId] as const,
  play: (progressId: string) => ["play", progressId] as const,
};
