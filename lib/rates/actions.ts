"use server";

import { action } from "@/lib/http/action.server";
import { badRequest } from "@/lib/http/errors";
import { z } from "@/lib/validation/zod";
import { loadUploadedRates, ratesLoadedMessage } from "./commands.server";
import { RATES_FILE_MISSING, RATES_MAX_BYTES } from "./csv";

/**
 * Admin > Exchange rates: POST /api/rates's work from the page's upload form (a multipart post,
 * with or without JavaScript). Super admins only.
 */
export const loadRatesAction = action({
  name: "loadRates",
  audience: "superAdmin",
  bodyLimit: RATES_MAX_BYTES + 10_000,
  reads: { file: z.string() },
  handle: async ({ viewer, data }) => {
    const file = data.get("file");
    if (!(file instanceof File) || file.size === 0)
      throw badRequest(RATES_FILE_MISSING, { file: [RATES_FILE_MISSING] });
    const loaded = await loadUploadedRates(viewer, {
      name: file.name,
      bytes: new Uint8Array(await file.arrayBuffer()),
    });
    return { message: ratesLoadedMessage(loaded) };
  },
});
