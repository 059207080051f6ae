import { limitVerificationResend } from "@/lib/auth/rate-limit";
import { route } from "@/lib/http/route";
import { sendEmailVerification, VERIFICATION_SENT } from "@/lib/users/accounts";

/**
 * The profile's "Resend link": a new verification link to the account's address (409 once
 * verified; 429 past the account's allowance of resends).
 */
export const POST = route({
  auth: "user",
  handle: async ({ viewer }) => {
    await limitVerificationResend(viewer.id);
    await sendEmailVerification(viewer.id);
    return Response.json({ message: VERIFICATION_SENT }, { status: 202 });
  },
});
