import { route } from "@/lib/http/route.server";
import { exportAccountData } from "@/lib/users/data-export.server";

// "Download my data": the signed-in account's own data as a ZIP archive (data.json, index.html and
// the uploaded documents), streamed as it is written. Only ever the viewer's own: the route takes no
// id. A download, never cached; each one is counted (429 past the hourly limit) and audited.

export const GET = route({
  auth: "user",
  handle: async ({ viewer }) => {
    const archive = await exportAccountData(viewer);
    return new Response(archive.body, {
      headers: {
        "Content-Type": "application/zip",
        "Content-Disposition": `attachment; filename="${archive.fileName}"`,
        "X-Content-Type-Options": "nosniff",
        "Cache-Control": "private, no-store",
      },
    });
  },
});
