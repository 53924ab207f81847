import { describe, expect, it } from "vitest";
import { preferredEncoding } from "./content-encoding.ts";

describe("preferredEncoding", () => {
  it("prefers brotli, then gzip, else none", () => {
    expect(preferredEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(preferredEncoding("gzip, deflate")).toBe("gzip");
    expect(preferredEncoding("deflate")).toBeNull();
    expect(preferredEncoding("")).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
    expect(preferredEncoding(["gzip", "br"])).toBe("br");
  });

  it("honours q-values: q=0 refuses, a higher weight wins", () => {
    expect(preferredEncoding("br;q=0, gzip")).toBe("gzip");
    expect(preferredEncoding("br;q=0.5, gzip;q=0.8")).toBe("gzip");
    expect(preferredEncoding("BR;Q=1, GZIP;q=0.1")).toBe("br");
    expect(preferredEncoding("br;q=0, gzip;q=0")).toBeNull();
    expect(preferredEncoding("br;q=nonsense")).toBeNull();
  });

  it("reads * as any encoding not named", () => {
    expect(preferredEncoding("*")).toBe("br");
    expect(preferredEncoding("br;q=0, *")).toBe("gzip");
    expect(preferredEncoding("*;q=0")).toBeNull();
  });
});
