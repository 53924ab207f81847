const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids from a URL are checked before they reach a `::uuid` cast, which would fail the statement instead of finding nothing. */
export const isUuid = (s: string) => UUID.test(s);
