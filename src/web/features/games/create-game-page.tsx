import { useLocation } from "react-router";

export default function CreateGamePage() {
  const location = useLocation();
  const duplicating = Boolean((location.state as { sourceGameId?: string } | null)?.sourceGameId);
  return (
    <main className="page">
      <h1>{duplicating ? "Duplicate Game" : "Create New Game"}</h1>
    </main>
  );
}
