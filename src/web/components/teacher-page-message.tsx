import { Link } from "react-router";

/** A teacher page that has only a message to show (loading, not found, failed), with the way back. */
export function TeacherPageMessage({ title, text, loading = false }: { title: string; text: string; loading?: boolean }) {
  return (
    <main className="page">
      <h1>{title}</h1>
      <p role={loading ? "status" : "alert"} className={loading ? undefined : "error"}>
        {text}
      </p>
      <p>
        <Link to="/dashboard">Back to Dashboard</Link>
      </p>
    </main>
  );
}
