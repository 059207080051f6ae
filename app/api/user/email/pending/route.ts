import { route } from "@/lib/http/route.server";
import { cancelEmailChange } from "@/lib/users/accounts.server";

/**
 * The profile's "Cancel change": the new address waiting for confirmation is forgotten and the
 * link sent to it stops working; the account keeps its address (409 when nothing is pending).
 */
export const DELETE = route({ auth: "user", handle: ({ viewer }) => cancelEmailChange(viewer.id) });
