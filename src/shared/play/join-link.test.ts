import { describe, expect, it } from "vitest";
import { joinLink, languageOfJoinLink, typedJoinLink } from "./join-link.ts";

describe("join links (decision 029)", () => {
  it("name the code and the pupils' language; the printed one, to be typed, only the code", () => {
    expect(joinLink("http://192.168.1.20:3000", "482913", "ga")).toBe(
      "http://192.168.1.20:3000/join?code=482913&lang=ga",
    );
    expect(joinLink("https://cluehunt.ie", "004913", "en")).toBe("https://cluehunt.ie/join?code=004913&lang=en");
    expect(typedJoinLink("https://cluehunt.ie", "482913")).toBe("https://cluehunt.ie/join?code=482913");
  });

  it("give back the language they name, with or without the '?', and nothing for a language we do not have", () => {
    expect(languageOfJoinLink(new URL(joinLink("https://cluehunt.ie", "482913", "ga")).search)).toBe("ga");
    expect(languageOfJoinLink("code=482913&lang=en")).toBe("en");
    expect(languageOfJoinLink("?lang=ga&code=482913")).toBe("ga");
    for (const search of [
      "",
      "?code=482913",
      "?code=482913&lang=fr",
      "?lang=GA",
      "?lang=ga-IE",
      "?lang=",
      "?lang=%3Cscript%3E",
    ])
      expect(languageOfJoinLink(search), search).toBeNull();
  });
});
