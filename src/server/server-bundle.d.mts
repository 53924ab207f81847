/** Types of server-bundle.mjs (plain JavaScript, which the type check does not read). */
export function ensureServerBundle(where: {
  root: string;
  entry: string;
  outDir: string;
}): Promise<{ bundle: string; built: boolean }>;
