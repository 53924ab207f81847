import { describe, expect, it } from "vitest";
import { IRISH_NAMES, NAMES_WITH_MARKS, OTHER_NAMES } from "../../tests/support/classroom-names.ts";
import en from "./i18n/locales/en.json" with { type: "json" };
import ga from "./i18n/locales/ga.json" with { type: "json" };
import { parseMessage } from "./i18n/messages.ts";
import {
  hasLoneSurrogate,
  hasStackedMarks,
  MAX_MARKS_PER_CHARACTER,
  nameKey,
  nameKeyOfAnyText,
  nameTakenMessage,
  withoutAnyControlCharacters,
  withoutControlCharacters,
  withoutInvisibleCharacters,
} from "./text.ts";

describe("stored text rules", () => {
  it("removes bidirectional controls, so a name cannot be shown backwards", () => {
    expect(withoutAnyControlCharacters("Aoife\u202eevil\u202c")).toBe("Aoifeevil");
    for (const c of [
      "\u061c",
      "\u200e",
      "\u200f",
      "\u202a",
      "\u202b",
      "\u202c",
      "\u202d",
      "\u202e",
      "\u2066",
      "\u2067",
      "\u2068",
      "\u2069",
    ]) {
      expect(withoutInvisibleCharacters(`a${c}b`), `U+${c.charCodeAt(0).toString(16)}`).toBe("ab");
    }
  });

  it("removes zero-width and other invisible characters, in names and game texts alike", () => {
    const invisible = [
      "\u200b",
      "\u200c",
      "\u200d",
      "\u2060",
      "\u2061",
      "\u2064",
      "\ufeff",
      "\u00ad",
      "\u034f",
      "\u180e",
      "\u115f",
      "\u1160",
      "\u3164",
      "\uffa0",
    ];
    for (const c of invisible) {
      expect(withoutAnyControlCharacters(`Ao${c}ife`), `U+${c.charCodeAt(0).toString(16)}`).toBe("Aoife");
      expect(withoutControlCharacters(`Cad é${c} 'apple'?`)).toBe("Cad é 'apple'?");
    }
    // A name of only a Hangul filler is no name at all.
    expect(withoutAnyControlCharacters("\u3164").trim()).toBe("");
  });

  it("keeps what a reader sees: fadas, emoji sequences, right-to-left scripts, combining accents", () => {
    for (const text of [
      "Siobhán Ní Bhriain",
      "👩🏽‍🏫 Múinteoir",
      "👩‍👩‍👧",
      "❤️‍🔥",
      "نور",
      "שלום עולם",
      "e\u0301",
      "🇮🇪",
    ]) {
      expect(withoutAnyControlCharacters(text)).toBe(text);
      expect(withoutControlCharacters(text)).toBe(text);
    }
  });

  it("keeps tabs and line breaks in game texts only", () => {
    expect(withoutControlCharacters("a\tb\nc\r\n\u0000")).toBe("a\tb\nc\r\n");
    expect(withoutAnyControlCharacters("a\tb\nc")).toBe("abc");
  });

  it("still finds half surrogate pairs", () => {
    expect(hasLoneSurrogate("emoji cut \ud83e")).toBe(true);
    expect(hasLoneSurrogate("🦊")).toBe(false);
  });
});

describe("marks stacked on one character", () => {
  const acute = "\u0301";

  it("refuses more than 3 marks on one character: 'A' under 29 accents, zalgo text, a pile on one letter of a name", () => {
    expect(MAX_MARKS_PER_CHARACTER).toBe(3);
    expect(hasStackedMarks(`A${acute.repeat(29)}`)).toBe(true);
    expect(hasStackedMarks(`A${acute.repeat(4)}`)).toBe(true);
    expect(hasStackedMarks(`Aoi${"\u0300\u0301\u0302\u0303"}fe`)).toBe(true);
    const zalgo = [..."Aoife"]
      .map((c, i) => c + String.fromCodePoint(0x300 + i, 0x316 + i, 0x334 + i, 0x350 + i, 0x35c + i))
      .join("");
    expect(hasStackedMarks(zalgo)).toBe(true);
    // Before any letter, and on a space, as on a letter.
    expect(hasStackedMarks(acute.repeat(4))).toBe(true);
    expect(hasStackedMarks(`Aoife ${acute.repeat(4)}`)).toBe(true);
    // Other scripts' marks and enclosing marks stack too.
    expect(hasStackedMarks(`ก${"\u0e49".repeat(4)}`)).toBe(true);
    expect(hasStackedMarks(`O${"\u20dd".repeat(4)}`)).toBe(true);
    expect(hasStackedMarks(`А${"\u0489".repeat(4)}`)).toBe(true);
  });

  it("counts through what cannot split a stack: spacing marks, variation selectors, tags", () => {
    for (const between of ["\u0903", "\u102c", "\ufe0f", "\u{e0041}", "\u180b"])
      expect(
        hasStackedMarks(`b${acute}${acute}${between}${acute}${acute}`),
        `U+${between.codePointAt(0)!.toString(16)}`,
      ).toBe(true);
    // Any other character is a new one to carry marks.
    expect(hasStackedMarks(`b${acute.repeat(3)}b${acute.repeat(3)}`)).toBe(false);
  });

  it("counts a letter's own accents, typed as one character or decomposed, with those typed after it", () => {
    expect(hasStackedMarks(`A${acute.repeat(3)}`)).toBe(false);
    expect(hasStackedMarks(`\u00c1${acute.repeat(3)}`)).toBe(true);
    expect(hasStackedMarks(`A${acute.repeat(4)}`.normalize("NFC"))).toBe(true);
    // Vietnamese ệ draws two: one more is three, two more is five.
    expect(hasStackedMarks("Nguy\u1ec7t")).toBe(false);
    expect(hasStackedMarks("Nguye\u0323\u0302t")).toBe(false);
    expect(hasStackedMarks("Nguy\u1ec7\u0301t")).toBe(false);
    expect(hasStackedMarks("Nguy\u1ec7\u0301\u0300t")).toBe(true);
  });

  it("lets every name of the classroom lists through, as typed and decomposed, and names with up to 3 marks on a letter in other scripts", () => {
    const names = [...IRISH_NAMES, ...OTHER_NAMES, ...NAMES_WITH_MARKS];
    expect(names.length).toBeGreaterThan(250);
    for (const name of names) {
      expect(hasStackedMarks(name), name).toBe(false);
      expect(hasStackedMarks(name.normalize("NFD")), `${name} (NFD)`).toBe(false);
    }
    // Three on one character in real names: the most the rule allows, used.
    for (const [three, [at, more]] of [
      ["སྒྲོལ་མ", [4, "\u0f7e"]],
      ["လှိုင်", [4, "\u1037"]],
      ["יִשָּׂשכָר", [6, "\u0591"]],
    ] as const) {
      const chars = [...three.normalize("NFC")];
      expect(hasStackedMarks(three), three).toBe(false);
      expect(hasStackedMarks([...chars.slice(0, at), more, ...chars.slice(at)].join("")), `${three} + 1`).toBe(true);
    }
    // Polytonic Greek's three (ᾅ), and emoji with their variation selectors.
    for (const text of ["\u1f85", "1\ufe0f\u20e3", "❤️", "👩🏽‍🏫"]) expect(hasStackedMarks(text), text).toBe(false);
  });
});

describe("nameKey: when two names are the same name", () => {
  it("folds case, accents, width, spacing and invisible characters", () => {
    const key = nameKey("Aoife");
    for (const same of [
      "aoife",
      "AOIFE",
      "Aoífe",
      "Áoife",
      "Ａｏｉｆｅ",
      " Aoife ",
      "Ao\u200bife",
      "Aoife\u202e",
      "Ao\u0301ife",
    ])
      expect(nameKey(same), same).toBe(key);
    expect(nameKey("Seán  Ó Briain")).toBe(nameKey("sean o briain"));
  });

  it("folds Cyrillic and Greek look-alike letters", () => {
    expect(nameKey("\u0410oife")).toBe(nameKey("Aoife")); // Cyrillic А
    expect(nameKey("Ci\u0430r\u0430")).toBe(nameKey("Ciara")); // Cyrillic а
    expect(nameKey("\u039fisín")).toBe(nameKey("Oisín")); // Greek Ο
  });

  it("keeps different names different", () => {
    expect(nameKey("Aoife")).not.toBe(nameKey("Aoife B"));
    expect(nameKey("Seán")).not.toBe(nameKey("Seánna"));
    expect(nameKey("نور")).not.toBe(nameKey("نورا"));
  });

  it("tells a child what to do when the name is taken", () => {
    expect(parseMessage(nameTakenMessage("Aoife"))).toEqual({ key: "pupil.join.nameTaken", values: { name: "Aoife" } });
    expect(en["pupil.join.nameTaken"]).toBe(
      "Someone in this game is already called {name}. Add the first letter of your surname (like {name} B) and try again.",
    );
    expect(ga["pupil.join.nameTaken"]).toBe(
      "Tá duine sa chluiche seo darb ainm {name} cheana féin. Cuir an chéad litir de do shloinne leis (mar shampla {name} B) agus bain triail eile as.",
    );
  });
});

describe("nameKey's fast path for printable ASCII", () => {
  it("gives the same key as the full folding, for every kind of text", () => {
    // A seeded generator (a failure names text that fails again): ASCII of every kind, with
    // runs of spaces, tabs, controls, and a few characters the full folding changes.
    let seed = 17;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const extra = ["\t", "\n", "\u0000", "\u007f", "\u00a0", "é", "Ａ", "а", "\u200b", "\u202e", "ß", "İ", "😀"];
    const texts = ["", " ", "  Aoife  ", "Pupil 12", "A  B", "~!@#$%^&*()_+{}|:<>?`-=[]\\;',./\""];
    for (let i = 0; i < 5000; i++) {
      let text = "";
      const length = Math.floor(random() * 12);
      for (let j = 0; j < length; j++) {
        const r = random();
        text +=
          r < 0.15
            ? " "
            : r < 0.9
              ? String.fromCharCode(0x20 + Math.floor(random() * 95))
              : extra[Math.floor(random() * extra.length)];
      }
      texts.push(text);
    }
    for (const text of texts) expect(nameKey(text), JSON.stringify(text)).toBe(nameKeyOfAnyText(text));
  });
});
