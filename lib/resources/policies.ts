/** When the privacy, cookie and terms pages last changed what they say (shown on each). */
export const POLICIES_UPDATED = "2026-11-23";
