/**
 * The name guard at the join (decision 020): one call with the typed name, kept in
 * its own module so the join route can change around it.
 */
import { blockedNameMessage, nameHasBlockedWord } from "../../shared/play/name-guard.server.ts";
import { badRequest } from "../http/errors.ts";

export function refuseBlockedName(name: string, blockedWords: ReadonlySet<string>): void {
  if (nameHasBlockedWord(name, blockedWords)) throw badRequest("blocked_name", blockedNameMessage, "name");
}
