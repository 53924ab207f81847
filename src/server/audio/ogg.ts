export function cleanOgg(_b: Uint8Array, _m: number): { bytes: Uint8Array; durationMs: number } { throw new Error("todo"); }
