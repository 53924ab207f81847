export function Loading({ text = "Loading..." }: { text?: string }) {
  return (
    <main className="page narrow" aria-busy="true">
      <h1 className="visually-hidden">Cluehunt</h1>
      <p role="status" className="loading">
        <span className="spinner" aria-hidden="true" />
        {text}
      </p>
    </main>
  );
}
