import { deletionConsequence } from "@/lib/users/deletion-consequence";

describe("deletionConsequence", () => {
  it("names how many applications and drafts go with the account", () => {
    expect(deletionConsequence({ applications: 3, drafts: 1 })).toBe(
      "Your 3 applications and 1 unsent draft will be deleted with it. Universities will no longer see your applications.",
    );
    expect(deletionConsequence({ applications: 1, drafts: 0 })).toBe(
      "Your 1 application will be deleted with it. Universities will no longer see your applications.",
    );
  });

  it("is empty when nothing but the account goes", () => {
    expect(deletionConsequence({ applications: 0, drafts: 2 })).toBe(
      "Your 2 unsent drafts will be deleted with it.",
    );
    expect(deletionConsequence({ applications: 0, drafts: 0 })).toBe("");
  });
});

describe("deletionConsequence for an admin deleting a student", () => {
  it("speaks of the student's applications", () => {
    expect(deletionConsequence({ applications: 12, drafts: 0 }, "student")).toBe(
      "Their 12 applications will be deleted with it. Universities will no longer see these applications.",
    );
  });
});
