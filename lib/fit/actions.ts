"use server";

import { revalidatePath } from "next/cache";
import { action } from "@/lib/http/action.server";
import { STUDENT_PROFILE_FIELDS, STUDENT_PROFILE_SCHEMA } from "@/lib/validation/student-profile";
import { profileFormValues, STUDENT_PROFILE_SAVED } from "./profile";
import { saveStudentProfile } from "./profile.server";

/** The profile page's study profile form: PUT /api/user/study-profile's work. */
export const saveStudentProfileAction = action({
  name: "saveStudentProfile",
  audience: "user",
  schema: STUDENT_PROFILE_SCHEMA,
  echo: [...STUDENT_PROFILE_FIELDS, "version"],
  handle: async ({ viewer, input }) => {
    const profile = await saveStudentProfile(viewer.id, input);
    revalidatePath("/user/profile");
    return { message: STUDENT_PROFILE_SAVED, values: profileFormValues(profile) };
  },
});
