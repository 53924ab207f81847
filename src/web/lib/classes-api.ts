/** The teacher's saved classes (issue 32): the list, saving one, deleting one. */
import type { ClassLevel } from "../../shared/games/curriculum.ts";
import { api } from "./api-client.ts";

/** A class as the API returns it (GET /api/classes). */
export type SavedClass = {
  id: string;
  name: string;
  level: ClassLevel | null;
  names: string[];
  createdAt: string;
  updatedAt: string;
};

/** What the form sends: the names as pasted, one per line (the server cleans them as Start Session's list). */
export type ClassInput = { name: string; level: ClassLevel | null; names: string };

export const classesQueryKey = ["classes"] as const;
export const fetchClasses = () => api<{ classes: SavedClass[] }>("/api/classes");
export const createClass = (input: ClassInput) =>
  api<{ class: SavedClass }>("/api/classes", { method: "POST", body: input });
export const updateClass = (id: string, input: ClassInput) =>
  api<{ class: SavedClass }>(`/api/classes/${encodeURIComponent(id)}`, { method: "PUT", body: input });
export const deleteClass = (id: string) => api<unknown>(`/api/classes/${encodeURIComponent(id)}`, { method: "DELETE" });
