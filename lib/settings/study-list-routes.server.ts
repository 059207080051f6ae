import "server-only";
import { noContent, created } from "@/lib/http/responses";
import { route } from "@/lib/http/route.server";
import { idParamsSchema } from "@/lib/validation/common";
import { studyFieldSchema, studyLevelSchema } from "@/lib/validation/settings";
import { addStudyItem, deleteStudyItem } from "./commands.server";
import { listStudyItems, type StudyList } from "./queries.server";

// The Study Levels and Study Fields lists of /admin/settings (Programs tab), super admins only;
// the two lists behave alike, so their handlers are made here once.

const SCHEMAS = { level: studyLevelSchema, field: studyFieldSchema } as const;

/** /api/settings/study-{levels,fields}: GET [{ id, name, position, programs }]; POST { name }: 201, or 409 when it exists. */
export function studyListRoutes(list: StudyList) {
  return {
    GET: route({ auth: "superAdmin", handle: () => listStudyItems(list) }),
    POST: route({
      auth: "superAdmin",
      body: SCHEMAS[list],
      handle: async ({ viewer, body }) => created(await addStudyItem(viewer, list, body.name)),
    }),
  };
}

/** /api/settings/study-{levels,fields}/{id}: DELETE 204, or 409 naming how many programs use the value. */
export function studyItemRoutes(list: StudyList) {
  return {
    DELETE: route({
      auth: "superAdmin",
      params: idParamsSchema,
      handle: async ({ viewer, params }) => {
        await deleteStudyItem(viewer, list, params.id);
        return noContent();
      },
    }),
  };
}
