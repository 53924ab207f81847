/**
 * Two boundaries, with the SPEC's two texts: a route that throws shows the router's
 * default error view ('Unexpected Application Error!'); anything above the routes
 * falls back to 'Something went wrong. Please refresh the page.'
 */
import { Component, type ReactNode } from "react";
import { useT } from "../lib/i18n/language.tsx";

type Props = { children: ReactNode; fallback: (error: Error) => ReactNode; resetKey?: string };
type State = { error: Error | null; resetKey?: string };

export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    // Navigating elsewhere clears a route's error.
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  componentDidCatch(error: unknown) {
    console.error(error);
  }

  render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}

export function RouteErrorView({ error }: { error: Error }) {
  const t = useT();
  return (
    <main className="page narrow route-error">
      <h1>{t("common.routeError.title")}</h1>
      <p className="error-detail">{t(error.message)}</p>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        {t("common.routeError.reload")}
      </button>
    </main>
  );
}

export function AppFallback() {
  const t = useT();
  return (
    <main className="page narrow">
      <h1 className="visually-hidden">Cluehunt</h1>
      <p role="alert">{t("common.appError")}</p>
    </main>
  );
}
