/** The teacher's saved classes: the list, saving one, deleting one. My classes and Start Session use it. */
import {
  classesPath,
  classPath,
  type ClassListResponse,
  type SaveClassInput,
  type SavedClassResponse,
} from "../../shared/classes/saved-classes.ts";
import { classProgressPath, type ClassProgressResponse } from "../../shared/classes/class-progress.ts";
import { api } from "./api-client.ts";

export type { SavedClass, SaveClassInput } from "../../shared/classes/saved-classes.ts";

export const classesQueryKey = ["classes"] as const;
export const fetchClasses = () => api<ClassListResponse>(classesPath);
export const createClass = (input: SaveClassInput) =>
  api<SavedClassResponse>(classesPath, { method: "POST", body: input });
export const updateClass = (id: string, input: SaveClassInput) =>
  api<SavedClassResponse>(classPath(id), { method: "PUT", body: input });
export const deleteClass = (id: string) => api<unknown>(classPath(id), { method: "DELETE" });

/** A class's progress: each pupil's kept sessions started with the class. */
export const classProgressQueryKey = (id: string) => ["classes", id, "progress"] as const;
export const fetchClassProgress = (id: string) => api<ClassProgressResponse>(classProgressPath(id));
