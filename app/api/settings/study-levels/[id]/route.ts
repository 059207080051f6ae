import { studyItemRoutes } from "@/lib/settings/study-list-routes.server";

export const { DELETE } = studyItemRoutes("level");
