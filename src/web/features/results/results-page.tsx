export default function ResultsPage() {
  return (
    <main className="page">
      <h1>Session Results</h1>
    </main>
  );
}
