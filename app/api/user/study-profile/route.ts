import { getStudentProfile, saveStudentProfile } from "@/lib/fit/profile.server";
import { route } from "@/lib/http/route.server";
import { STUDENT_PROFILE_SCHEMA } from "@/lib/validation/student-profile";

// GET /api/user/study-profile -> the signed-in user's profile for the fit check, or null when none
// is saved (public pages ask for it from the browser: they are cached, so never personal).
export const GET = route({
  auth: "user",
  handle: async ({ viewer }) => ({ profile: await getStudentProfile(viewer.id) }),
});

/** Replaces the profile: a field left out or blank is cleared; `version` guards against a stale edit. */
export const PUT = route({
  auth: "user",
  body: STUDENT_PROFILE_SCHEMA,
  handle: async ({ viewer, body }) => ({ profile: await saveStudentProfile(viewer.id, body) }),
});
