import { studyListRoutes } from "@/lib/settings/study-list-routes.server";

export const { GET, POST } = studyListRoutes("field");
