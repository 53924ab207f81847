/**
 * The dashboard as the app shows it: the library's cards carry the games feature's "version for
 * another class level". Features never import each other; the app is where they meet.
 */
import DashboardPage from "../features/dashboard/dashboard-page.tsx";
import { ClassLevelVersion } from "../features/games/class-level-version.tsx";

export default function DashboardRoute() {
  return <DashboardPage gameCardExtra={(game) => <ClassLevelVersion game={game} place="card" />} />;
}
