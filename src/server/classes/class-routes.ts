/**
 * /api/classes: a teacher's saved classes. Authenticate → authorize (the class's teacher
 * only: another's is "Class not found.") → validate → command in a transaction → present.
 */
import type { FastifyInstance } from "fastify";
import { SaveClassSchema } from "../../shared/classes/saved-class-contracts.server.ts";
import type { ClassProgressResponse } from "../../shared/classes/class-progress.ts";
import type { ClassListResponse, SavedClassResponse } from "../../shared/classes/saved-classes.ts";
import type { Auth } from "../auth/auth.ts";
import { requireTeacher } from "../auth/guards.ts";
import type { Db } from "../db/client.ts";
import { classNotFound, createClass, deleteClass, updateClass } from "./class-commands.ts";
import { findClassForTeacher, findClassProgress, listClasses } from "./class-queries.ts";

type ClassParams = { Params: { classId: string } };

export async function registerClassRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db }) {
  const { auth, db } = deps;

  app.get("/api/classes", async (request): Promise<ClassListResponse> => {
    const teacher = await requireTeacher(auth, request);
    return { classes: await listClasses(db, teacher.id) };
  });

  app.get<ClassParams>("/api/classes/:classId", async (request): Promise<SavedClassResponse> => {
    const teacher = await requireTeacher(auth, request);
    const found = await findClassForTeacher(db, request.params.classId, teacher.id);
    if (!found) throw classNotFound();
    return { class: found };
  });

  app.get<ClassParams>("/api/classes/:classId/progress", async (request): Promise<ClassProgressResponse> => {
    const teacher = await requireTeacher(auth, request);
    const progress = await findClassProgress(db, request.params.classId, teacher.id);
    if (!progress) throw classNotFound();
    return progress;
  });

  app.post("/api/classes", async (request, reply) => {
    const teacher = await requireTeacher(auth, request);
    const input = SaveClassSchema.parse(request.body);
    const saved = await createClass(db, teacher.id, input);
    return reply.code(201).send({ class: saved } satisfies SavedClassResponse);
  });

  app.put<ClassParams>("/api/classes/:classId", async (request): Promise<SavedClassResponse> => {
    const teacher = await requireTeacher(auth, request);
    const input = SaveClassSchema.parse(request.body);
    return { class: await updateClass(db, teacher.id, request.params.classId, input) };
  });

  app.delete<ClassParams>("/api/classes/:classId", async (request, reply) => {
    const teacher = await requireTeacher(auth, request);
    await deleteClass(db, teacher.id, request.params.classId);
    return reply.code(204).send();
  });
}
