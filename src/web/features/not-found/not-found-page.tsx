import { Link } from "react-router";

export default function NotFoundPage() {
  return (
    <main className="page narrow">
      <h1>404 - Page Not Found</h1>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </main>
  );
}
