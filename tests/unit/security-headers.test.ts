import {
  contentSecurityPolicy,
  imageOriginsOf,
  securityHeaderOptions,
  securityHeaderRules,
  securityHeaders,
  UPLOAD_CONTENT_SECURITY_POLICY,
} from "@/lib/http/security-headers";

/** The directives of a policy, by name. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(";").map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

function headerMap(production: boolean, imageOrigins: string[] = []): Map<string, string> {
  return new Map(securityHeaders({ production, imageOrigins }).map(({ key, value }) => [key, value]));
}

describe("contentSecurityPolicy", () => {
  test.each([true, false])("keeps the fixed directives (production: %s)", (production) => {
    const policy = directives(contentSecurityPolicy({ production }));
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'self'"]);
    expect(policy.get("form-action")).toEqual(["'self'"]);
    expect(policy.get("default-src")).toEqual(["'self'"]);
    expect(policy.get("connect-src")).toEqual(["'self'"]);
    // No nonce and no hash: the header is the same for every request, so pages stay static.
    expect(contentSecurityPolicy({ production })).not.toMatch(/nonce-|sha(256|384|512)-/);
  });

  test("production scripts: this origin and Next's inline scripts, no eval", () => {
    const policy = directives(contentSecurityPolicy({ production: true }));
    expect(policy.get("script-src")).toEqual(["'self'", "'unsafe-inline'"]);
    expect(contentSecurityPolicy({ production: true })).not.toContain("unsafe-eval");
  });

  test("development allows eval for React's dev tooling", () => {
    const policy = directives(contentSecurityPolicy({ production: false }));
    expect(policy.get("script-src")).toEqual(["'self'", "'unsafe-inline'", "'unsafe-eval'"]);
  });

  test("images may come from the bucket's origin", () => {
    const policy = directives(
      contentSecurityPolicy({ production: true, imageOrigins: ["https://cdn.example.com"] }),
    );
    expect(policy.get("img-src")).toEqual(["'self'", "data:", "blob:", "https://cdn.example.com"]);
    expect(directives(contentSecurityPolicy({ production: true })).get("img-src")).toEqual([
      "'self'",
      "data:",
      "blob:",
    ]);
  });
});

describe("securityHeaders", () => {
  test("production sends every header, HSTS included", () => {
    const headers = headerMap(true);
    expect([...headers.keys()]).toEqual([
      "Content-Security-Policy",
      "X-Content-Type-Options",
      "Referrer-Policy",
      "Permissions-Policy",
      "X-Frame-Options",
      "Strict-Transport-Security",
    ]);
    expect(headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(headers.get("X-Frame-Options")).toBe("DENY");
    expect(headers.get("Strict-Transport-Security")).toBe("max-age=63072000; includeSubDomains");
    expect(headers.get("Content-Security-Policy")).toBe(contentSecurityPolicy({ production: true }));
  });

  test("development sends no HSTS (http://localhost) and allows eval", () => {
    const headers = headerMap(false);
    expect(headers.has("Strict-Transport-Security")).toBe(false);
    expect(headers.get("Content-Security-Policy")).toContain("'unsafe-eval'");
    expect(headers.get("X-Content-Type-Options")).toBe("nosniff");
  });

  test("the Permissions-Policy refuses the features the app never uses", () => {
    const policy = headerMap(true).get("Permissions-Policy")!;
    for (const feature of ["camera", "microphone", "geolocation", "payment", "usb"]) {
      expect(policy).toContain(`${feature}=()`);
    }
    expect(policy.split(", ").every((entry) => /^[a-z-]+=\(\)$/.test(entry))).toBe(true);
  });
});

describe("securityHeaderOptions", () => {
  test("production unless NODE_ENV is development or test", () => {
    expect(securityHeaderOptions({ NODE_ENV: "production" }).production).toBe(true);
    expect(securityHeaderOptions({}).production).toBe(true);
    expect(securityHeaderOptions({ NODE_ENV: "development" }).production).toBe(false);
    expect(securityHeaderOptions({ NODE_ENV: "test" }).production).toBe(false);
  });

  test("reads the bucket's origin from S3_PUBLIC_URL", () => {
    expect(
      securityHeaderOptions({
        NODE_ENV: "production",
        S3_PUBLIC_URL: "https://cdn.example.com:8443/unisearch/",
      }).imageOrigins,
    ).toEqual(["https://cdn.example.com:8443"]);
    expect(imageOriginsOf(undefined)).toEqual([]);
  });
});

describe("securityHeaderRules", () => {
  test("every path gets every header; uploads and documents then get their own stricter policy", () => {
    const rules = securityHeaderRules({ production: true });
    expect(rules.map((rule) => rule.source)).toEqual(["/:path*", "/uploads/:path*", "/api/documents/:path*"]);
    expect(rules[2].headers).toEqual(rules[1].headers);
    expect(rules[0].headers).toEqual(securityHeaders({ production: true }));
    // Next keeps the later of two rules that set one header on a path.
    expect(rules[1].headers).toEqual([
      { key: "Content-Security-Policy", value: UPLOAD_CONTENT_SECURITY_POLICY },
    ]);
    const upload = directives(UPLOAD_CONTENT_SECURITY_POLICY);
    expect(upload.get("default-src")).toEqual(["'none'"]);
    expect(upload.get("frame-ancestors")).toEqual(["'none'"]);
    expect(upload.has("sandbox")).toBe(true);
  });
});
