/** The teacher's saved classes: the list, saving one, deleting one. My classes and Start Session use it. */
import { classEndpoints } from "../../shared/classes/class-endpoints.ts";
import { apiCall, type BodyOfCall } from "./api-client.ts";

export type { SavedClass } from "../../shared/classes/saved-classes.ts";

/** The body of saving a class: the contract's (saved-class-contracts.server.ts), `names` pasted one per line. */
export type SaveClassInput = BodyOfCall<typeof classEndpoints.create>;

export const fetchClasses = () => apiCall(classEndpoints.list);
export const createClass = (input: SaveClassInput) => apiCall(classEndpoints.create, { body: input });
export const updateClass = (classId: string, input: SaveClassInput) =>
  apiCall(classEndpoints.update, { params: { classId }, body: input });
export const deleteClass = (classId: string) => apiCall(classEndpoints.remove, { params: { classId } });

/** A class's progress: each pupil's kept sessions started with the class. */
export const fetchClassProgress = (classId: string) => apiCall(classEndpoints.progress, { params: { classId } });
