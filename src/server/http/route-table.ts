/** The routes an app registers, as the authorization matrix reads them (a route it has no row for fails it). */
import type { FastifyInstance } from "fastify";

export type RegisteredRoute = { method: string; url: string };
const routeTables = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/** Records every route registered on the app from now on. */
export function captureRouteTable(app: FastifyInstance) {
  const table: RegisteredRoute[] = [];
  routeTables.set(app, table);
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) table.push({ method, url: route.url });
  });
}

/** Every route the app registered (HEAD twins of GET routes left out). */
export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  const table = routeTables.get(app) ?? [];
  const hasGet = new Set(table.filter((r) => r.method === "GET").map((r) => r.url));
  return table.filter((r) => !(r.method === "HEAD" && hasGet.has(r.url)));
}
