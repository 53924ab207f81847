export default function StartSessionPage() {
  return (
    <main className="page">
      <h1>Start Session</h1>
    </main>
  );
}
