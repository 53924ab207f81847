/**
 * /api/classes: a teacher's saved classes. Authenticate → authorize (the class's teacher
 * only: another's is "Class not found.") → validate → command in a transaction → present.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { classContracts } from "../../shared/classes/saved-class-contracts.server.ts";
import type { Auth } from "../auth/auth.ts";
import { requireTeacher } from "../auth/guards.ts";
import type { Db } from "../db/client.ts";
import { serve } from "../http/contract-routes.ts";
import { classNotFound, createClass, deleteClass, updateClass } from "./class-commands.ts";
import { findClassForTeacher, findClassProgress, listClasses } from "./class-queries.ts";

export async function registerClassRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db }) {
  const { auth, db } = deps;

  const teacherOnly = { guard: (request: FastifyRequest) => requireTeacher(auth, request) };

  serve(app, classContracts.list, teacherOnly, async (_request, _reply, teacher) => {
    return { classes: await listClasses(db, teacher.id) };
  });

  serve(app, classContracts.read, teacherOnly, async (request, _reply, teacher) => {
    const found = await findClassForTeacher(db, request.params.classId, teacher.id);
    if (!found) throw classNotFound();
    return { class: found };
  });

  serve(app, classContracts.progress, teacherOnly, async (request, _reply, teacher) => {
    const progress = await findClassProgress(db, request.params.classId, teacher.id);
    if (!progress) throw classNotFound();
    return progress;
  });

  serve(app, classContracts.create, teacherOnly, async (request, reply, teacher) => {
    const saved = await createClass(db, teacher.id, request.body);
    reply.code(201);
    return { class: saved };
  });

  serve(app, classContracts.update, teacherOnly, async (request, _reply, teacher) => {
    return { class: await updateClass(db, teacher.id, request.params.classId, request.body) };
  });

  serve(app, classContracts.remove, teacherOnly, async (request, reply, teacher) => {
    await deleteClass(db, teacher.id, request.params.classId);
    return reply.code(204).send();
  });
}
