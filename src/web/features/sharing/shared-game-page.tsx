/**
 * /shared/:shareLinkId: a game another teacher shared, read-only (questions, options, the right
 * answers and clues), with "Add a copy to my games". Teachers only (the route's guard sends a
 * signed-out visitor to the login page and back here), so a pupil with the link sees no answers.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate, useParams } from "react-router";
import { plural } from "../../../shared/format.ts";
import { shareMessages, type SharedGame } from "../../../shared/sharing.ts";
import { TeacherPageMessage } from "../../components/teacher-page-message.tsx";
import { ApiError, errorMessage } from "../../lib/api-client.ts";
import { copySharedGame, fetchSharedGame, sharedGameQueryKey } from "../../lib/game-sharing-api.ts";
import { gamesQueryKey } from "../../lib/games-api.ts";
import "../../styles/sharing.css";

const LETTERS = ["A", "B", "C", "D"];

export default function SharedGamePage() {
  const { shareLinkId = "" } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const shared = useQuery({ queryKey: sharedGameQueryKey(shareLinkId), queryFn: () => fetchSharedGame(shareLinkId), retry: false });
  const copy = useMutation({
    mutationFn: () => copySharedGame(shareLinkId),
    onSuccess: async (copied) => {
      await queryClient.invalidateQueries({ queryKey: gamesQueryKey });
      navigate("/dashboard", { state: { notice: shareMessages.copied(copied.title) } });
    },
  });

  if (shared.isPending) return <TeacherPageMessage title="Shared game" text="Loading the shared game…" loading />;
  if (shared.isError) {
    const text = shared.error instanceof ApiError && shared.error.status === 404 ? shareMessages.linkOff : errorMessage(shared.error);
    return <TeacherPageMessage title="Shared game" text={text} />;
  }
  const game = shared.data.game;
  return (
    <main className="page shared-game">
      <p>
        <Link to="/dashboard">← Back to Dashboard</Link>
      </p>
      <h1>{game.title}</h1>
      <p className="meta">
        Shared by {game.sharedBy} · {[game.subject, game.classLevel].filter(Boolean).join(" · ")}
        {game.subject || game.classLevel ? " · " : ""}
        {plural(game.questions.length, "question")}
      </p>
      {game.description ? <p>{game.description}</p> : null}
      <div className="card">
        <p>This is a read-only view. Add a copy to your games to play it with your class or change it; the copy is yours alone.</p>
        <div className="actions">
          <button type="button" className="button" disabled={copy.isPending} onClick={() => copy.mutate()}>
            {copy.isPending ? "Adding..." : "Add a copy to my games"}
          </button>
        </div>
        {copy.isError ? (
          <p role="alert" className="error">
            {copy.error instanceof ApiError && copy.error.status === 404 ? shareMessages.linkOff : errorMessage(copy.error)}
          </p>
        ) : null}
      </div>
      <SharedQuestions game={game} />
    </main>
  );
}

function SharedQuestions({ game }: { game: SharedGame }) {
  return (
    <section className="card" aria-labelledby="shared-questions-heading">
      <h2 id="shared-questions-heading">Questions</h2>
      <ol className="shared-question-list">
        {game.questions.map((q, i) => (
          <li key={i} className="shared-question">
            <h3>
              {i + 1}. {q.questionText}
            </h3>
            {q.picture ? <img className="shared-picture" src={q.picture.src} alt={q.picture.alt} width={q.picture.width} height={q.picture.height} loading="lazy" /> : null}
            <ul className="shared-options">
              {q.options.map((o, j) => (
                <li key={j} className={`shared-option${j === q.correctAnswer ? " correct" : ""}`}>
                  {LETTERS[j]}. {o}
                  {j === q.correctAnswer ? <span className="visually-hidden"> (correct answer)</span> : null}
                </li>
              ))}
            </ul>
            {q.clue ? <p className="shared-clue">Clue: {q.clue}</p> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
