import { defineConfig } from "drizzle-kit";

// Migrations are generated from the schema and applied at start-up by the server itself
// (src/server/db/migrate.ts), the same set for PGlite and PostgreSQL.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/server/db/schema.ts",
  out: "./drizzle",
});
