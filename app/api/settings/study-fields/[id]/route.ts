import { studyItemRoutes } from "@/lib/settings/study-list-routes";

export const { DELETE } = studyItemRoutes("field");
