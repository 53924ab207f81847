export default function JoinPage() {
  return (
    <main className="page">
      <h1>Enter Join Code</h1>
    </main>
  );
}
