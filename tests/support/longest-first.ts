/**
 * The order test files start in: the longest first (Vitest's `sequence.sequencer`).
 *
 * Two workers take files from one queue, so a long file that starts last keeps one worker busy
 * while the other has nothing left: the run ends when that file does. Vitest orders by the
 * durations of the last run, kept in node_modules, which a clean clone (CI) does not have; it
 * then orders by file size, and the browser files that restart servers or wait for reconnections
 * are short files with long runs (server-restart: 8 kB, over a minute under CI's load). Here a file's
 * duration is the last run's when this machine has one, else the one committed in
 * file-durations.json (a CI run's, `npm run test:durations` writes it anew after a full run), and a
 * file in neither (a new one) is reckoned from its size.
 * Projects keep Vitest's own order: by `sequence.groupOrder`, then one project after another
 * (the API and browser files share a worker's modules only with the next file of their project).
 */
import fs from "node:fs";
import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** Seconds each file took in a full run, by `project:path` as Vitest names it. */
const committed = JSON.parse(fs.readFileSync(new URL("./file-durations.json", import.meta.url), "utf8")) as Record<
  string,
  number
>;

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const key = (spec: TestSpecification) => `${spec.project.name}:${relative(root, spec.moduleId)}`;
    const size = (spec: TestSpecification) => this.ctx.cache.getFileStats(key(spec))?.size ?? 0;
    /** Seconds, or undefined for a file no run has timed. */
    const timed = (spec: TestSpecification): number | undefined => {
      const last = this.ctx.cache.getFileTestResults(key(spec));
      if (last && !last.failed) return last.duration / 1000;
      return committed[key(spec)];
    };
    // A file no run has timed is reckoned at its size times the median seconds per byte of its
    // project's timed files (a new browser file takes longer than a new unit file of its size).
    const perByte = new Map<string, number>();
    for (const project of new Set(files.map((spec) => spec.project.name))) {
      const rates = files
        .filter((spec) => spec.project.name === project && timed(spec) !== undefined && size(spec) > 0)
        .map((spec) => timed(spec)! / size(spec))
        .sort((a, b) => a - b);
      perByte.set(project, rates.length > 0 ? rates[Math.floor(rates.length / 2)]! : 1);
    }
    const estimate = new Map(
      files.map((spec) => [spec, timed(spec) ?? size(spec) * perByte.get(spec.project.name)!] as const),
    );
    return [...files].sort((a, b) => {
      const group = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
      if (group !== 0) return group;
      if (a.project.name !== b.project.name) return a.project.name < b.project.name ? -1 : 1;
      return estimate.get(b)! - estimate.get(a)!;
    });
  }
}
