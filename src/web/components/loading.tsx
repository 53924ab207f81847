export function Loading({ text = "Loading..." }: { text?: string }) {
  return (
    <main className="page narrow" aria-busy="true">
      <p role="status" className="loading">
        <span className="spinner" aria-hidden="true" />
        {text}
      </p>
    </main>
  );
}
