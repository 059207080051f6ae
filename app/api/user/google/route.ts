import { route } from "@/lib/http/route.server";
import { unlinkGoogle } from "@/lib/users/accounts.server";

/** The profile's "Unlink": only for an account with a password (409 otherwise), so it keeps a way in. */
export const DELETE = route({ auth: "user", handle: ({ viewer }) => unlinkGoogle(viewer.id) });
