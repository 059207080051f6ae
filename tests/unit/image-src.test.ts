import { bypassesOptimizer } from "@/components/university/image-src";

describe("bypassesOptimizer", () => {
  it("sends the site's uploads through the optimizer", () => {
    expect(bypassesOptimizer("/uploads/0123456789abcdef0123456789abcdef.jpg", "")).toBe(false);
  });

  it("sends the bucket's files through the optimizer, and only the bucket's", () => {
    const bucket = "https://cdn.example.com/unisearch";
    expect(bypassesOptimizer(`${bucket}/a.jpg`, bucket)).toBe(false);
    expect(bypassesOptimizer("https://cdn.example.com/unisearch-other/a.jpg", bucket)).toBe(true);
    expect(bypassesOptimizer("https://elsewhere.example/a.jpg", bucket)).toBe(true);
  });

  it("passes other URLs through untouched", () => {
    expect(bypassesOptimizer("https://cdn.example.com/unisearch/a.jpg", "")).toBe(true);
    expect(bypassesOptimizer("//cdn.example.com/a.jpg", "")).toBe(true);
    expect(bypassesOptimizer("data:image/png;base64,AAAA", "")).toBe(true);
  });
});
