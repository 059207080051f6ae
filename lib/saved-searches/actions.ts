"use server";

import { revalidatePath } from "next/cache";
import { action } from "@/lib/http/action.server";
import { idSchema } from "@/lib/validation/common";
import { savedSearchCreateSchema, savedSearchUpdateSchema } from "@/lib/validation/saved-searches";
import { z } from "@/lib/validation/zod";
import {
  ALERT_OFF,
  ALERT_ON,
  deleteSavedSearch,
  saveSearch,
  SEARCH_ALERTS_UNSUBSCRIBED,
  SEARCH_DELETED,
  SEARCH_RENAMED,
  SEARCH_SAVED,
  SEARCH_SAVED_QUIETLY,
  unsubscribeSearchAlerts,
  updateSavedSearch,
} from "./searches.server";

// The forms of saved searches; each works without JavaScript (a plain post, then the page again).

/** Where the save form came from, to go back there after signing in. */
const saveFormPath = (data: FormData) =>
  `/user/searches/new?${new URLSearchParams({
    kind: String(data.get("kind") ?? ""),
    query: String(data.get("query") ?? ""),
  })}`;

/** The Save page's form (/user/searches/new): the search's kind, its query and a name. */
export const saveSearchAction = action({
  name: "saveSearch",
  audience: "user",
  schema: savedSearchCreateSchema,
  signInReturnTo: saveFormPath,
  echo: ["name"],
  handle: async ({ viewer, input }) => {
    const search = await saveSearch(viewer.id, input);
    return {
      message: search.alertsEnabled ? SEARCH_SAVED : SEARCH_SAVED_QUIETLY,
      redirectTo: `/user/searches?saved=${search.id}`,
    };
  },
});

/** Rename on the Saved searches page. */
export const renameSearchAction = action({
  name: "renameSavedSearch",
  audience: "user",
  schema: savedSearchUpdateSchema,
  fields: (data) => ({ name: data.get("name") ?? "" }),
  reads: { id: idSchema },
  echo: ["name"],
  handle: async ({ viewer, input, data }) => {
    await updateSavedSearch(viewer.id, idSchema.parse(data.get("id")), { name: input.name });
    revalidatePath("/user/searches");
    return { message: SEARCH_RENAMED };
  },
});

/** The alert's On/Off button: the hidden `alertsEnabled` is what the button turns it to. */
export const toggleSearchAlertAction = action({
  name: "toggleSavedSearchAlert",
  audience: "user",
  schema: savedSearchUpdateSchema,
  fields: (data) => ({ alertsEnabled: data.get("alertsEnabled") ?? "" }),
  reads: { id: idSchema },
  handle: async ({ viewer, input, data }) => {
    const search = await updateSavedSearch(viewer.id, idSchema.parse(data.get("id")), {
      alertsEnabled: input.alertsEnabled,
    });
    revalidatePath("/user/searches");
    return { message: search.alertsEnabled ? ALERT_ON : ALERT_OFF };
  },
});

export const deleteSearchAction = action({
  name: "deleteSavedSearch",
  audience: "user",
  reads: { id: idSchema },
  handle: async ({ viewer, data }) => {
    await deleteSavedSearch(viewer.id, idSchema.parse(data.get("id")));
    revalidatePath("/user/searches");
    return { message: SEARCH_DELETED };
  },
});

/**
 * The unsubscribe page's button, carrying the e-mail's token in a hidden field. Opening the page
 * alone changes nothing (mail scanners open links).
 */
export const unsubscribeSearchAlertsAction = action({
  name: "unsubscribeSearchAlerts",
  audience: "public",
  reads: { token: z.string() },
  handle: async ({ data }) => {
    await unsubscribeSearchAlerts(String(data.get("token") ?? ""));
    return { message: SEARCH_ALERTS_UNSUBSCRIBED };
  },
});
