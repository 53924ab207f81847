export default function SessionCodesPage() {
  return (
    <main className="page">
      <h1>Session Codes</h1>
    </main>
  );
}
