import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Auth } from "../auth/auth.ts";
import { requireTeacher } from "../auth/current-user.ts";
import type { Db } from "../db/client.ts";
import { listSessions } from "./session-queries.ts";

const ListQuery = z.object({ status: z.enum(["active", "past"], { message: "status must be 'active' or 'past'." }) });

export async function registerSessionRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db }) {
  app.get("/api/sessions", async (request) => {
    const teacher = await requireTeacher(deps.auth, request);
    const { status } = ListQuery.parse(request.query);
    return { sessions: await listSessions(deps.db, teacher.id, status) };
  });
}
