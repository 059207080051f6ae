"use server";

import { action } from "@/lib/http/action.server";
import {
  declineReferenceSchema,
  refereeFormSchema,
  remindRefereeFormSchema,
  replaceRefereeFormSchema,
  writeReferenceSchema,
} from "@/lib/validation/references";
import {
  declineReference,
  nameReferee,
  remindReferee,
  replaceReferee,
  writeReference,
} from "./commands.server";

// The forms of references, with or without JavaScript: the student's on My Applications (name a
// referee, remind one, replace one: the work of POST /api/applications/{id}/references and its
// reminder and replace routes), and the referee's on the page their link opens (write the
// reference or decline). Opening that page changes nothing; only these forms do.

const MY_APPLICATIONS = "/user/applications";

export const nameRefereeAction = action({
  name: "nameReferee",
  audience: "user",
  signInReturnTo: () => MY_APPLICATIONS,
  schema: refereeFormSchema,
  echo: ["name", "email", "relationship"],
  handle: async ({ viewer, input }) => {
    const { applicationId, ...referee } = input;
    const reference = await nameReferee(viewer, applicationId, referee);
    return {
      message: `We e-mailed ${reference.refereeName} a link to send their reference.`,
      redirectTo: MY_APPLICATIONS,
    };
  },
});

export const replaceRefereeAction = action({
  name: "replaceReferee",
  audience: "user",
  signInReturnTo: () => MY_APPLICATIONS,
  schema: replaceRefereeFormSchema,
  echo: ["name", "email", "relationship"],
  handle: async ({ viewer, input }) => {
    const { applicationId, referenceId, ...referee } = input;
    const reference = await replaceReferee(viewer, applicationId, referenceId, referee);
    return {
      message: `We e-mailed ${reference.refereeName} a link to send their reference.`,
      redirectTo: MY_APPLICATIONS,
    };
  },
});

export const remindRefereeAction = action({
  name: "remindReferee",
  audience: "user",
  signInReturnTo: () => MY_APPLICATIONS,
  schema: remindRefereeFormSchema,
  handle: async ({ viewer, input }) => {
    const reference = await remindReferee(viewer, input.applicationId, input.referenceId);
    return { message: `We reminded ${reference.refereeName}, with a new link.` };
  },
});

/** The page of the link, which now says the answer was sent. */
const linkPage = (token: string) => `/reference/${token}`;

export const writeReferenceAction = action({
  name: "writeReference",
  audience: "public",
  schema: writeReferenceSchema,
  echo: ["text"],
  // The longest reference the schema accepts (40,000 UTF-16 units, at most 3 bytes each in UTF-8),
  // with room for the token and the form's own fields.
  bodyLimit: 160 * 1024,
  handle: async ({ input }) => {
    await writeReference(input.token, input.text);
    return { message: "Thank you: your reference has been sent.", redirectTo: linkPage(input.token) };
  },
});

export const declineReferenceAction = action({
  name: "declineReference",
  audience: "public",
  schema: declineReferenceSchema,
  echo: ["reason"],
  handle: async ({ input }) => {
    await declineReference(input.token, input.reason);
    return { message: "Your answer has been sent to the student.", redirectTo: linkPage(input.token) };
  },
});
