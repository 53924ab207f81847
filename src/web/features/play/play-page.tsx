export default function PlayPage() {
  return (
    <main className="page">
      <h1>Play</h1>
    </main>
  );
}
