import { seedSlugify, slugify, uniqueSlug } from "@/lib/universities/slug";

describe("slugify", () => {
  test.each([
    ["Massachusetts Institute of Technology", "massachusetts-institute-of-technology"],
    ["  University of California, Berkeley  ", "university-of-california-berkeley"],
    ["Ecole --- Polytechnique!!", "ecole-polytechnique"],
    ["Université de Montréal", "universite-de-montreal"],
    [
      "Universidade Comunitária da Região de Chapecó - Unochapecó",
      "universidade-comunitaria-da-regiao-de-chapeco-unochapeco",
    ],
    ["(ITESM) Tecnológico de Monterrey", "itesm-tecnologico-de-monterrey"],
    ["St. John's College", "st-john-s-college"],
    ["東京大学", ""],
  ])("%s -> %s", (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });
});

describe("slugify transliterates: no letter is dropped", () => {
  test.each([
    ["Çağrı-Øresund", "cagri-oresund"],
    ["Københavns Universitet", "kobenhavns-universitet"],
    ["Uniwersytet Łódzki", "uniwersytet-lodzki"],
    ["Technische Hochschule Ingolstadt Straße", "technische-hochschule-ingolstadt-strasse"],
    ["Háskólinn á Akureyri – Þjóðarbókhlaða", "haskolinn-a-akureyri-thjodarbokhlada"],
    ["Œuvre Æsir Đại học", "oeuvre-aesir-dai-hoc"],
    ["İstanbul Teknik Üniversitesi", "istanbul-teknik-universitesi"],
  ])("%s -> %s", (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  test("the seed's derivation is the one it always had, so a re-seed finds its universities", () => {
    expect(seedSlugify("Çağrı-Øresund")).toBe("cagr-resund");
    expect(seedSlugify("Université de Montréal")).toBe("universite-de-montreal");
    expect(uniqueSlug("Çağrı-Øresund", "TR", () => false, seedSlugify)).toBe("cagr-resund");
    expect(uniqueSlug("Çağrı-Øresund", "TR", () => false)).toBe("cagri-oresund");
  });
});

describe("uniqueSlug", () => {
  test("keeps the plain slug when it is free", () => {
    expect(uniqueSlug("Example University", "US", () => false)).toBe("example-university");
  });

  test("adds the country code, then a number, when the slug is taken", () => {
    const taken = new Set(["example-university"]);
    const first = uniqueSlug("Example University", "GB", (s) => taken.has(s));
    expect(first).toBe("example-university-gb");
    taken.add(first);
    expect(uniqueSlug("Example University", "GB", (s) => taken.has(s))).toBe("example-university-gb-2");
  });

  test("falls back to 'university' for names without Latin letters or digits", () => {
    expect(uniqueSlug("東京大学", "JP", () => false)).toBe("university");
  });
});
