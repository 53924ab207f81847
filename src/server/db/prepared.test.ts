import { describe, expect, it } from "vitest";
import { statement } from "./prepared.ts";

describe("statement", () => {
  it("numbers named placeholders in order of first appearance and reuses a repeated one", () => {
    const st = statement("example_numbered", "select :b::int + :a::int where x = :b::int");
    expect(st.text).toBe("select $1::int + $2::int where x = $1::int");
    expect(st.params).toEqual(["b", "a"]);
  });

  it("leaves casts and quoted literals alone", () => {
    const st = statement(
      "example_literals",
      `select to_char(now(), 'HH24:MI:SS'), ':notParam', 'it''s :alsoNot', :real::text, x::uuid`,
    );
    expect(st.text).toBe(`select to_char(now(), 'HH24:MI:SS'), ':notParam', 'it''s :alsoNot', $1::text, x::uuid`);
    expect(st.params).toEqual(["real"]);
  });

  it("reads a line comment as a comment: an apostrophe in it hides no placeholder, a placeholder in it is not one", () => {
    const st = statement(
      "example_comments",
      `select :a::int -- the pupil's answer, not :b
       , '--not a comment :c', :d::text`,
    );
    expect(st.text).toBe(`select $1::int -- the pupil's answer, not :b
       , '--not a comment :c', $2::text`);
    expect(st.params).toEqual(["a", "d"]);
  });

  it("refuses a name that is not a plain identifier (it is written into PREPARE)", () => {
    expect(() => statement("drop table; --", "select 1")).toThrow(/identifiers/);
  });
});
